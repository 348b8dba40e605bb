package app

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"io"
	"mime/multipart"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"tourbook/internal/seed"
)

// The account rules through the real router: every refusal is a 4xx whose message a
// person understands, and changes nothing.

func TestLoginRefusals(t *testing.T) {
	t.Parallel()
	s := newTestSite(t)
	c := s.client(t)
	tests := []struct {
		name   string
		body   any
		status int
		msg    string
	}{
		{"wrong password", map[string]string{"email": "sophie@example.com", "password": "wrong-password"}, 401, "Incorrect email or password."},
		{"unknown email", map[string]string{"email": "nobody@example.com", "password": "wrong-password"}, 401, "Incorrect email or password."},
		{"email in other case", map[string]string{"email": "SOPHIE@example.com", "password": "wrong-password"}, 401, "Incorrect email or password."},
		{"missing password", map[string]string{"email": "sophie@example.com"}, 400, "Please provide your email and password."},
		{"empty fields", map[string]string{"email": " ", "password": ""}, 400, "Please provide your email and password."},
		{"not an object", []int{1}, 400, "could not be read"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := s.postJSON(t, c, "/api/v1/users/login", tc.body)
			m := decode(t, r)
			if r.status != tc.status || m["status"] != "fail" || !strings.Contains(m["message"].(string), tc.msg) {
				t.Fatalf("%d %v, want %d fail %q", r.status, m, tc.status, tc.msg)
			}
			if got := s.get(t, c, "/me"); got.status != http.StatusSeeOther {
				t.Fatalf("a refused login signed the user in (/me answered %d)", got.status)
			}
		})
	}
	t.Run("form-encoded body", func(t *testing.T) {
		r := s.do(t, c, http.MethodPost, "/api/v1/users/login", "application/x-www-form-urlencoded", strings.NewReader("email=a&password=b"))
		if r.status != http.StatusUnsupportedMediaType || decode(t, r)["message"] == "" {
			t.Fatalf("%d %s", r.status, r.body)
		}
	})
	t.Run("email in other case logs in", func(t *testing.T) {
		r := s.postJSON(t, s.client(t), "/api/v1/users/login", map[string]string{"email": "Sophie@Example.com", "password": seed.SamplePassword})
		if r.status != http.StatusOK {
			t.Fatalf("%d %s", r.status, r.body)
		}
	})
}

func TestLoginRateLimit(t *testing.T) {
	t.Parallel()
	s := newTestSite(t)
	c := s.client(t)
	bad := map[string]string{"email": "daniel@example.com", "password": "not-his-password"}
	for i := range 10 {
		if r := s.postJSON(t, c, "/api/v1/users/login", bad); r.status != http.StatusUnauthorized {
			t.Fatalf("attempt %d: %d, want 401", i+1, r.status)
		}
	}
	r := s.postJSON(t, c, "/api/v1/users/login", bad)
	if r.status != http.StatusTooManyRequests || !strings.Contains(decode(t, r)["message"].(string), "Too many failed login attempts") {
		t.Fatalf("11th attempt: %d %s, want 429 with a message", r.status, r.body)
	}
	if r.header.Get("Retry-After") == "" {
		t.Error("429 without Retry-After")
	}
	// Even the right password is refused while the account is locked: guessing stops.
	good := map[string]string{"email": "daniel@example.com", "password": seed.SamplePassword}
	if r := s.postJSON(t, c, "/api/v1/users/login", good); r.status != http.StatusTooManyRequests {
		t.Fatalf("right password during the lock: %d, want 429", r.status)
	}
}

func TestSignup(t *testing.T) {
	t.Parallel()
	s := newTestSite(t)
	ok := map[string]string{"name": "Ada Lovelace", "email": "ada@example.com", "password": "analytical", "passwordConfirm": "analytical"}
	with := func(k, v string) map[string]string {
		m := map[string]string{}
		for kk, vv := range ok {
			m[kk] = vv
		}
		m[k] = v
		return m
	}
	tests := []struct {
		name   string
		body   map[string]string
		status int
		msg    string
	}{
		{"missing name", with("name", "  "), 400, "name"},
		{"bad email", with("email", "ada-at-example"), 400, "valid email"},
		{"short password", map[string]string{"name": "Ada", "email": "ada@example.com", "password": "short", "passwordConfirm": "short"}, 400, "at least 8 characters"},
		{"mismatched confirmation", with("passwordConfirm", "analyticak"), 400, "Passwords do not match."},
		{"common password", map[string]string{"name": "Ada", "email": "ada@example.com", "password": "Password1", "passwordConfirm": "Password1"}, 400, "most common"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := s.client(t)
			r := s.postJSON(t, c, "/api/v1/users/signup", tc.body)
			m := decode(t, r)
			if r.status != tc.status || !strings.Contains(m["message"].(string), tc.msg) {
				t.Fatalf("%d %v, want %d %q", r.status, m, tc.status, tc.msg)
			}
			if got := s.get(t, c, "/me"); got.status != http.StatusSeeOther {
				t.Fatal("a refused sign-up signed someone in")
			}
		})
	}
	t.Run("success signs in", func(t *testing.T) {
		c := s.client(t)
		r := s.postJSON(t, c, "/api/v1/users/signup", ok)
		if r.status != http.StatusCreated {
			t.Fatalf("%d %s", r.status, r.body)
		}
		if me := s.get(t, c, "/me"); me.status != 200 || !strings.Contains(me.body, "ada@example.com") {
			t.Fatalf("/me after sign-up: %d", me.status)
		}
	})
}

// multipartBody builds an updateMe form; photo may be nil.
func multipartBody(t *testing.T, fields map[string]string, photoName string, photo io.Reader) (string, *bytes.Buffer) {
	t.Helper()
	return formWithFile(t, fields, "photo", photoName, photo)
}

// formWithFile is a multipart form: the fields first, then (unless file is nil) the file
// as the form field fileField, named fileName.
func formWithFile(t *testing.T, fields map[string]string, fileField, fileName string, file io.Reader) (string, *bytes.Buffer) {
	t.Helper()
	var buf bytes.Buffer
	mw := multipart.NewWriter(&buf)
	for k, v := range fields {
		_ = mw.WriteField(k, v)
	}
	if file != nil {
		fw, err := mw.CreateFormFile(fileField, fileName)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := io.Copy(fw, file); err != nil {
			t.Fatal(err)
		}
	}
	mw.Close()
	return mw.FormDataContentType(), &buf
}

func smallPNG(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.RGBA{uint8(x), uint8(y), 200, 255})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// pngBomb is a valid PNG header that claims 20000×20000 pixels: decoding it would need
// 1.6 GB. The server must refuse it from the header.
func pngBomb(t *testing.T) []byte {
	b := smallPNG(t, 1, 1)
	ihdr := b[8+8 : 8+8+13] // after the signature and the chunk's length and type
	binary.BigEndian.PutUint32(ihdr[0:4], 20000)
	binary.BigEndian.PutUint32(ihdr[4:8], 20000)
	binary.BigEndian.PutUint32(b[8+8+13:], crc32.ChecksumIEEE(b[8+4:8+8+13]))
	return b
}

func TestUpdateMe(t *testing.T) {
	t.Parallel()
	s := newTestSite(t)
	c := s.client(t)
	s.login(t, c, "priya@example.com")
	patch := func(fields map[string]string, name string, photo io.Reader) result {
		ct, body := multipartBody(t, fields, name, photo)
		return s.do(t, c, http.MethodPatch, "/api/v1/users/updateMe", ct, body)
	}
	before := s.get(t, c, "/me").body

	refusals := []struct {
		name   string
		fields map[string]string
		file   string
		photo  io.Reader
		status int
		msg    string
	}{
		{"text file named photo.jpg", map[string]string{"name": "Priya R"}, "photo.jpg", strings.NewReader("just some text, not an image"), 415, "JPEG, PNG or WebP"},
		{"50 MB upload", map[string]string{"name": "Priya R"}, "big.jpg", io.LimitReader(zeroReader{}, 50<<20), 413, "5 MB or smaller"},
		{"20000×20000 PNG", map[string]string{"name": "Priya R"}, "bomb.png", bytes.NewReader(pngBomb(t)), 422, "too large in pixels"},
		{"empty name", map[string]string{"name": "", "email": "priya@example.com"}, "", nil, 400, "name"},
		{"bad email", map[string]string{"name": "Priya", "email": "priya@"}, "", nil, 400, "valid email"},
		{"new email without the password", map[string]string{"name": "Priya", "email": "priya.r@example.com"}, "", nil, 400, "current password"},
		{"new email with a wrong password", map[string]string{"name": "Priya", "email": "priya.r@example.com", "passwordCurrent": "wrong-one"}, "", nil, 401, "current password is wrong"},
		{"email of another user", map[string]string{"name": "Priya", "email": "Omar@example.com", "passwordCurrent": "test1234"}, "", nil, 409, "already in use"},
	}
	for _, tc := range refusals {
		t.Run(tc.name, func(t *testing.T) {
			r := patch(tc.fields, tc.file, tc.photo)
			if r.status != tc.status || !strings.Contains(decode(t, r)["message"].(string), tc.msg) {
				t.Fatalf("%d %s, want %d %q", r.status, r.body, tc.status, tc.msg)
			}
			if after := s.get(t, c, "/me").body; after != before {
				t.Fatal("a refused update changed the account page")
			}
		})
	}
	t.Run("JSON instead of multipart", func(t *testing.T) {
		r := s.do(t, c, http.MethodPatch, "/api/v1/users/updateMe", "application/json", strings.NewReader(`{"name":"x"}`))
		if r.status != http.StatusUnsupportedMediaType {
			t.Fatalf("%d %s", r.status, r.body)
		}
	})
	t.Run("signed out", func(t *testing.T) {
		ct, body := multipartBody(t, map[string]string{"name": "X"}, "", nil)
		r := s.do(t, s.client(t), http.MethodPatch, "/api/v1/users/updateMe", ct, body)
		if r.status != http.StatusUnauthorized || decode(t, r)["message"] == "" {
			t.Fatalf("%d %s", r.status, r.body)
		}
	})
	t.Run("name, email and photo", func(t *testing.T) {
		r := patch(map[string]string{"name": "Priya Raman-Iyer", "email": "priya.ri@example.com", "passwordCurrent": "test1234"}, "me.png", bytes.NewReader(smallPNG(t, 640, 480)))
		if r.status != http.StatusOK {
			t.Fatalf("%d %s", r.status, r.body)
		}
		user := decode(t, r)["data"].(map[string]any)["user"].(map[string]any)
		photo := user["photo"].(string)
		if user["name"] != "Priya Raman-Iyer" || user["email"] != "priya.ri@example.com" || !strings.HasPrefix(photo, "/img/users/user-") {
			t.Fatalf("user %v", user)
		}
		img := s.get(t, c, photo)
		cfg, format, err := image.DecodeConfig(strings.NewReader(img.body))
		if err != nil || format != "jpeg" || cfg.Width != 500 || cfg.Height != 500 {
			t.Fatalf("photo: %v %s %dx%d", err, format, cfg.Width, cfg.Height)
		}
		me := s.get(t, c, "/me").body
		if !strings.Contains(me, "Priya Raman-Iyer") || !strings.Contains(me, photo) {
			t.Fatal("the page does not show the new name and photo")
		}
		// An update without a photo keeps it.
		if r := patch(map[string]string{"name": "Priya", "email": "priya.ri@example.com"}, "", nil); r.status != 200 ||
			decode(t, r)["data"].(map[string]any)["user"].(map[string]any)["photo"] != photo {
			t.Fatalf("update without photo: %s", r.body)
		}
	})
}

type zeroReader struct{}

func (zeroReader) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

func TestUpdateMyPassword(t *testing.T) {
	t.Parallel()
	s := newTestSite(t)
	c, other := s.client(t), s.client(t)
	s.login(t, c, "lucas@example.com")
	s.login(t, other, "lucas@example.com")
	patch := func(cl *http.Client, body map[string]string) result {
		b := `{"passwordCurrent":"` + body["passwordCurrent"] + `","password":"` + body["password"] + `","passwordConfirm":"` + body["passwordConfirm"] + `"}`
		return s.do(t, cl, http.MethodPatch, "/api/v1/users/updateMyPassword", "application/json", strings.NewReader(b))
	}
	refusals := []struct {
		name   string
		body   map[string]string
		status int
		msg    string
	}{
		{"wrong current password", map[string]string{"passwordCurrent": "nope-nope", "password": "new-password-1", "passwordConfirm": "new-password-1"}, 401, "current password is wrong"},
		{"missing current password", map[string]string{"password": "new-password-1", "passwordConfirm": "new-password-1"}, 400, "current password"},
		{"short new password", map[string]string{"passwordCurrent": seed.SamplePassword, "password": "short", "passwordConfirm": "short"}, 400, "at least 8 characters"},
		{"mismatched confirmation", map[string]string{"passwordCurrent": seed.SamplePassword, "password": "new-password-1", "passwordConfirm": "new-password-2"}, 400, "Passwords do not match."},
	}
	for _, tc := range refusals {
		t.Run(tc.name, func(t *testing.T) {
			r := patch(c, tc.body)
			if r.status != tc.status || !strings.Contains(decode(t, r)["message"].(string), tc.msg) {
				t.Fatalf("%d %s, want %d %q", r.status, r.body, tc.status, tc.msg)
			}
		})
	}
	// Nothing changed: the old password still logs in.
	s.login(t, s.client(t), "lucas@example.com")

	r := patch(c, map[string]string{"passwordCurrent": seed.SamplePassword, "password": "new-password-1", "passwordConfirm": "new-password-1"})
	if r.status != http.StatusOK {
		t.Fatalf("%d %s", r.status, r.body)
	}
	if s.get(t, c, "/me").status != http.StatusOK {
		t.Error("the session that changed the password was signed out")
	}
	if got := s.get(t, other, "/me"); got.status != http.StatusSeeOther {
		t.Errorf("a session cookie from before the password change still works (/me %d)", got.status)
	}
	if r := s.postJSON(t, s.client(t), "/api/v1/users/login", map[string]string{"email": "lucas@example.com", "password": seed.SamplePassword}); r.status != 401 {
		t.Errorf("old password after the change: %d", r.status)
	}
	if r := s.postJSON(t, s.client(t), "/api/v1/users/login", map[string]string{"email": "lucas@example.com", "password": "new-password-1"}); r.status != 200 {
		t.Errorf("new password: %d %s", r.status, r.body)
	}
}

func TestLogout(t *testing.T) {
	t.Parallel()
	s := newTestSite(t)
	c := s.client(t)
	s.login(t, c, "omar@example.com")
	r := s.get(t, c, "/api/v1/users/logout")
	if r.status != 200 || decode(t, r)["status"] != "success" {
		t.Fatalf("%d %s", r.status, r.body)
	}
	if s.get(t, c, "/me").status != http.StatusSeeOther {
		t.Error("still signed in after logout")
	}
	for _, ck := range r.header.Values("Set-Cookie") {
		if !strings.Contains(ck, "Max-Age=0") && !strings.Contains(ck, "HttpOnly") {
			t.Errorf("cookie %q", ck)
		}
	}
}

func TestSessionCookieAttributes(t *testing.T) {
	t.Parallel()
	s := newTestSite(t)
	r := s.postJSON(t, s.client(t), "/api/v1/users/login", map[string]string{"email": "grace@example.com", "password": seed.SamplePassword})
	ck := r.header.Get("Set-Cookie")
	for _, want := range []string{"HttpOnly", "SameSite=Lax", "Path=/"} {
		if !strings.Contains(ck, want) {
			t.Errorf("cookie %q lacks %s", ck, want)
		}
	}
	if strings.Contains(ck, "Secure") {
		t.Errorf("cookie %q is Secure on plain http: the browser would drop it", ck)
	}
}

// Behind a trusted reverse proxy, failed logins count against the client's address from
// X-Forwarded-For, not against the proxy's: one client's guessing locks out that client,
// not everyone behind the proxy.
func TestLoginLimitPerClientBehindAProxy(t *testing.T) {
	t.Parallel()
	s := newTestSite(t, "-trusted-proxies", "127.0.0.1,::1")
	c := s.client(t)
	guess := func(email, client string) int {
		return s.postJSON(t, c, "/api/v1/users/login", map[string]string{"email": email, "password": "a-wrong-guess"}, "X-Forwarded-For", client).status
	}
	for i := range 50 { // other accounts each time: only the address limit applies
		if got := guess(fmt.Sprintf("nobody%d@example.com", i), "198.51.100.7"); got != http.StatusUnauthorized {
			t.Fatalf("guess %d: %d, want 401", i+1, got)
		}
	}
	if got := guess("nobody-else@example.com", "198.51.100.7"); got != http.StatusTooManyRequests {
		t.Fatalf("51st guess from one client: %d, want 429", got)
	}
	r := s.postJSON(t, c, "/api/v1/users/login", map[string]string{"email": "sophie@example.com", "password": seed.SamplePassword}, "X-Forwarded-For", "203.0.113.9")
	if r.status != http.StatusOK {
		t.Fatalf("another client behind the same proxy: %d %s", r.status, r.body)
	}
}

// Changing the sign-in email needs the current password, and the old address is told,
// in the transaction of the change, with no link that undoes it (issue 20, item 5).
func TestEmailChangeNeedsThePasswordAndTellsTheOldAddress(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		c := s.client(t)
		s.login(t, c, "grace@example.com")
		patch := func(fields map[string]string) result {
			ct, body := multipartBody(t, fields, "", nil)
			return s.do(t, c, http.MethodPatch, "/api/v1/users/updateMe", ct, body)
		}
		refused(t, "no password", patch(map[string]string{"name": "Grace", "email": "thief@example.com"}), 400, "current password")
		refused(t, "wrong password", patch(map[string]string{"name": "Grace", "email": "thief@example.com", "passwordCurrent": "guess1234"}), 401, "wrong")
		if n := len(s.outbox(t, "grace@example.com")); n != 0 {
			t.Fatalf("%d emails after refused changes", n)
		}
		// The name alone, or the email's case, needs no password and tells nobody.
		if r := patch(map[string]string{"name": "Grace H", "email": "Grace@Example.com"}); r.status != 200 {
			t.Fatalf("name change: %d %s", r.status, r.body)
		}
		if n := len(s.outbox(t, "grace@example.com")); n != 0 {
			t.Fatalf("%d emails after a name change", n)
		}
		if r := patch(map[string]string{"name": "Grace H", "email": "grace.h@example.com", "passwordCurrent": "test1234"}); r.status != 200 {
			t.Fatalf("email change: %d %s", r.status, r.body)
		}
		mails := s.outbox(t, "grace@example.com")
		if len(mails) != 1 || mails[0].Kind != "emailChanged" || !strings.Contains(mails[0].Text, "grace.h@example.com") {
			t.Fatalf("emails to the old address: %+v", mails)
		}
		// What a reader can follow: the HTML's links and the addresses in the text (the
		// logo's picture, and React's preload of it, are no links).
		var links []string
		for _, m := range regexp.MustCompile(`<a [^>]*href="(https?://[^"]+)"`).FindAllStringSubmatch(mails[0].HTML, -1) {
			links = append(links, m[1])
		}
		links = append(links, regexp.MustCompile(`https?://[^\s"<>]+`).FindAllString(mails[0].Text, -1)...)
		for _, link := range links {
			if u := mustURL(t, link); u.Path != "/login" && u.Path != "/" && u.Path != "" {
				t.Errorf("the email links to %s", link)
			}
		}
		if r := s.postJSON(t, s.client(t), "/api/v1/users/login", map[string]string{"email": "grace.h@example.com", "password": "test1234"}); r.status != 200 {
			t.Errorf("log in with the new email: %d", r.status)
		}
	})
}

// Sign-up tells no stranger whether an address has an account: the answer is a new
// account's, the owner is emailed, nobody is signed in; and one client makes at most 10
// sign-ups an hour (issue 20, item 3).
func TestSignupHidesTakenAddressesAndIsLimitedPerClient(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		signup := func(c *http.Client, email string) result {
			return s.postJSON(t, c, "/api/v1/users/signup", map[string]string{
				"name": "Someone", "email": email, "password": "analytical-engine", "passwordConfirm": "analytical-engine"})
		}
		shape := func(r result) string {
			m := decode(t, r)
			u := m["data"].(map[string]any)["user"].(map[string]any)
			return fmt.Sprint(r.status, " ", m["status"], " ", u["name"], " ", u["email"], " ", u["role"], " ", u["photo"], " ", len(fmt.Sprint(u["id"])),
				" ", strings.Contains(r.header.Get("Set-Cookie"), "HttpOnly"))
		}
		fresh, taken := s.client(t), s.client(t)
		newOne := signup(fresh, "new.person@example.com")
		existing := signup(taken, "Sophie@Example.com")
		if got, want := shape(existing), strings.Replace(shape(newOne), "new.person@example.com", "sophie@example.com", 1); got != want {
			t.Fatalf("answers differ:\n taken: %s\n   new: %s", got, want)
		}
		if me := s.get(t, taken, "/me"); me.status == 200 {
			t.Fatal("a sign-up with a taken address signed someone in")
		}
		mails := s.outbox(t, "sophie@example.com")
		if len(mails) != 1 || mails[0].Kind != "signupAttempt" {
			t.Fatalf("emails to the owner: %+v", mails)
		}
		// Trying again within the hour does not flood the owner.
		signup(s.client(t), "sophie@example.com")
		if n := len(s.outbox(t, "sophie@example.com")); n != 1 {
			t.Errorf("%d emails to the owner after a second try", n)
		}
		// Three so far from this client; seven more, then 429.
		for i := range 7 {
			if r := signup(s.client(t), fmt.Sprintf("p%d@example.com", i)); r.status != http.StatusCreated {
				t.Fatalf("sign-up %d: %d %s", i+4, r.status, r.body)
			}
		}
		r := signup(s.client(t), "eleventh@example.com")
		refused(t, "the 11th sign-up", r, http.StatusTooManyRequests, "Too many accounts were created from your network")
		if r.header.Get("Retry-After") == "" {
			t.Error("429 without Retry-After")
		}
	})
}

// A multipart upload cut short (the connection dropped mid-photo) is the client's fault:
// 400 "fail", logged at INFO as every 4xx is, not 503 "the site cannot answer" at ERROR
// (issue 20, also seen).
func TestTruncatedUploadIsABadRequest(t *testing.T) {
	t.Parallel()
	s := newTestSite(t)
	c := s.client(t)
	s.login(t, c, "priya@example.com")
	ct, body := multipartBody(t, map[string]string{"name": "Priya"}, "me.png", bytes.NewReader(smallPNG(t, 640, 480)))
	cut := body.Bytes()[:body.Len()-200] // the end of the picture and the closing boundary
	r := s.do(t, c, http.MethodPatch, "/api/v1/users/updateMe", ct, bytes.NewReader(cut))
	refused(t, "a truncated photo upload", r, http.StatusBadRequest, "did not arrive whole")
	if r.header.Get("Retry-After") != "" {
		t.Error("a client's broken upload is answered as if the site were down")
	}
}

// Wrong passwords from one place lock that place out, not the account's owner signing in
// from where they usually do (issue 20, also seen): an admin can no longer be locked out
// by anyone who knows the address.
func TestLoginLockoutSparesTheOwner(t *testing.T) {
	t.Parallel()
	eachEngineEnv(t, nil, []string{"-trusted-proxies", "127.0.0.1"}, func(t *testing.T, s *testSite) {
		login := func(from, password string) result {
			b, _ := json.Marshal(map[string]string{"email": "laura@example.com", "password": password})
			return s.do(t, s.client(t), http.MethodPost, "/api/v1/users/login", "application/json", bytes.NewReader(b), "X-Forwarded-For", from)
		}
		for i := range 10 {
			if r := login("198.51.100.7", "guess-"+fmt.Sprint(i)); r.status != http.StatusUnauthorized {
				t.Fatalf("guess %d: %d", i+1, r.status)
			}
		}
		if r := login("198.51.100.7", seed.SamplePassword); r.status != http.StatusTooManyRequests || r.header.Get("Retry-After") == "" {
			t.Fatalf("the guesser with the right password: %d, want 429 with Retry-After", r.status)
		}
		if r := login("203.0.113.5", seed.SamplePassword); r.status != http.StatusOK {
			t.Fatalf("the owner from her own address: %d %s", r.status, r.body)
		}
	})
}
