package account

import (
	"net/mail"
	"strings"
	"unicode"
	"unicode/utf8"

	"tourbook/internal/plaintext"
)

// Limits of the account form fields. SPEC.md leaves them to the server; these are ours.
const (
	MaxNameLen     = 70  // runes
	MaxEmailLen    = 254 // bytes: the longest address SMTP can carry (RFC 5321 path limit)
	MinPasswordLen = 8   // runes
	MaxPasswordLen = 128 // runes; argon2id has no 72-byte limit, this only bounds abuse
)

// ValidateName returns the name trimmed, or a *ValidationError.
func ValidateName(name string) (string, error) {
	name = strings.TrimSpace(name)
	switch {
	case name == "":
		return "", invalid("name", "Please tell us your name.")
	case !utf8.ValidString(name):
		return "", invalid("name", "Your name contains characters we cannot read.")
	case utf8.RuneCountInString(name) > MaxNameLen:
		return "", invalid("name", "Your name must be at most 70 characters long.")
	case plaintext.HasHiddenControl(name, false):
		return "", invalid("name", "Your name must not contain control characters.")
	}
	return name, nil
}

// ValidateEmail returns the address trimmed (otherwise as typed), or a *ValidationError.
// net/mail accepts display names, comments and angle brackets; we want a bare address
// with a dotted domain, which is what a person types in an email field.
func ValidateEmail(email string) (string, error) {
	email = strings.TrimSpace(email)
	if email == "" {
		return "", invalid("email", "Please provide your email address.")
	}
	if len(email) > MaxEmailLen {
		return "", invalid("email", "Your email address must be at most 254 characters long.")
	}
	if !isBareAddress(email) {
		return "", invalid("email", "Please provide a valid email address.")
	}
	return email, nil
}

func isBareAddress(s string) bool {
	if !utf8.ValidString(s) || strings.ContainsFunc(s, func(r rune) bool {
		return unicode.IsSpace(r) || plaintext.IsHiddenControl(r)
	}) {
		return false
	}
	addr, err := mail.ParseAddress(s)
	// Address == s rules out "Name <a@b.c>", comments and quoted local parts, whose
	// parsed form differs from what was typed.
	if err != nil || addr.Name != "" || addr.Address != s {
		return false
	}
	at := strings.LastIndexByte(s, '@')
	local, domain := s[:at], s[at+1:]
	if local == "" || len(local) > 64 || strings.HasPrefix(domain, "[") {
		return false
	}
	labels := strings.Split(domain, ".")
	if len(labels) < 2 {
		return false
	}
	for _, l := range labels {
		if l == "" || len(l) > 63 || strings.HasPrefix(l, "-") || strings.HasSuffix(l, "-") {
			return false
		}
	}
	return true
}

// ValidatePassword checks a new password and its confirmation.
func ValidatePassword(password, confirm string) error {
	n := utf8.RuneCountInString(password)
	switch {
	case password == "":
		return invalid("password", "Please provide a password.")
	case n < MinPasswordLen:
		return invalid("password", "Password must be at least 8 characters long.")
	case n > MaxPasswordLen:
		return invalid("password", "Password must be at most 128 characters long.")
	case IsCommonPassword(password):
		return invalid("password", "This password is one of the most common ones, which people guessing try first. Please choose another.")
	case confirm == "":
		return invalid("passwordConfirm", "Please confirm your password.")
	case password != confirm:
		return invalid("passwordConfirm", "Passwords do not match.")
	}
	return nil
}
