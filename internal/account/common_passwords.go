package account

import (
	_ "embed"
	"strings"
	"sync"
)

// commonPasswordsText is one password a line, lower-case: the 17,950 most common
// passwords of 8 characters or more (common_passwords.LICENSE says where from).
//
//go:embed common_passwords.txt
var commonPasswordsText string

// commonPasswords is the list as a set, built on first use.
var commonPasswords = sync.OnceValue(func() map[string]struct{} {
	set := make(map[string]struct{}, 18000)
	for line := range strings.Lines(commonPasswordsText) {
		if p := strings.TrimRight(line, "\r\n"); p != "" {
			set[p] = struct{}{}
		}
	}
	return set
})

// IsCommonPassword reports whether password, in any case, is on the list of the most
// common passwords: the first that anyone guessing tries.
func IsCommonPassword(password string) bool {
	_, ok := commonPasswords()[strings.ToLower(password)]
	return ok
}
