package payment

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// SandboxSignatureHeader carries the sandbox's webhook signature, in the form Stripe
// uses for its own: "t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>">".
// Signing the timestamp with the payload lets the receiver refuse old replays.
const SandboxSignatureHeader = "Tourbook-Signature"

// SignatureTolerance is how old a signed webhook may be, as Stripe's default.
const SignatureTolerance = 5 * time.Minute

func computeSignature(secret string, t time.Time, payload []byte) []byte {
	mac := hmac.New(sha256.New, []byte(secret))
	mac.Write([]byte(strconv.FormatInt(t.Unix(), 10)))
	mac.Write([]byte("."))
	mac.Write(payload)
	return mac.Sum(nil)
}

// signatureHeader is the header value for payload signed at t.
func signatureHeader(secret string, t time.Time, payload []byte) string {
	return fmt.Sprintf("t=%d,v1=%s", t.Unix(), hex.EncodeToString(computeSignature(secret, t, payload)))
}

// verifySignature checks a signature header against payload. Several v1 entries are
// accepted, as Stripe sends while a secret is being rolled. Timestamps further than the
// tolerance from now, in either direction, are refused: a captured webhook cannot be
// replayed later, and a clock far ahead is as suspect as one far behind.
func verifySignature(header string, payload []byte, secret string, now time.Time, tolerance time.Duration) error {
	if header == "" {
		return fmt.Errorf("%w: no %s header", ErrBadSignature, SandboxSignatureHeader)
	}
	var (
		ts    int64
		haveT bool
		sigs  [][]byte
	)
	for _, part := range strings.Split(header, ",") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			return fmt.Errorf("%w: malformed header", ErrBadSignature)
		}
		switch k {
		case "t":
			n, err := strconv.ParseInt(v, 10, 64)
			if err != nil {
				return fmt.Errorf("%w: malformed timestamp", ErrBadSignature)
			}
			ts, haveT = n, true
		case "v1":
			if sig, err := hex.DecodeString(v); err == nil {
				sigs = append(sigs, sig)
			}
		}
	}
	if !haveT || len(sigs) == 0 {
		return fmt.Errorf("%w: timestamp or signature missing", ErrBadSignature)
	}
	t := time.Unix(ts, 0)
	if d := now.Sub(t); d > tolerance || d < -tolerance {
		return fmt.Errorf("%w: timestamp outside the %s tolerance", ErrBadSignature, tolerance)
	}
	want := computeSignature(secret, t, payload)
	for _, sig := range sigs {
		if hmac.Equal(want, sig) {
			return nil
		}
	}
	return fmt.Errorf("%w: no matching signature", ErrBadSignature)
}
