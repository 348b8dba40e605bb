package mail_test

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"errors"
	"io"
	"math/big"
	"net"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// testSMTP is an SMTP server on loopback that records the messages it accepts. Its
// script says what to answer to each DATA in turn ("ok", "451", "550", "drop");
// past the end of the script it accepts.
type testSMTP struct {
	addr     string
	rootCAs  *x509.CertPool
	accepted chan struct{} // one value per accepted message

	mu       sync.Mutex
	script   []string
	dataSeen int
	messages []receivedMail
	authed   []string // user names that signed in
}

type receivedMail struct {
	from string
	to   []string
	data []byte
}

type serverOptions struct {
	implicitTLS bool
	startTLS    bool
	user, pass  string // require AUTH PLAIN with these
	script      []string
}

func startSMTP(t *testing.T, o serverOptions) *testSMTP {
	t.Helper()
	s := &testSMTP{script: o.script, accepted: make(chan struct{}, 1000)}
	srv := smtp.NewServer(smtp.BackendFunc(func(c *smtp.Conn) (smtp.Session, error) {
		return &testSession{srv: s, conn: c, user: o.user, pass: o.pass}, nil
	}))
	srv.Domain = "localhost"
	srv.ReadTimeout, srv.WriteTimeout = 10*time.Second, 10*time.Second
	srv.AllowInsecureAuth = !o.startTLS && !o.implicitTLS
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if o.startTLS || o.implicitTLS {
		cfg, pool := selfSigned(t)
		s.rootCAs = pool
		if o.implicitTLS {
			ln = tls.NewListener(ln, cfg)
		} else {
			srv.TLSConfig = cfg
		}
	}
	s.addr = ln.Addr().String()
	done := make(chan struct{})
	go func() { _ = srv.Serve(ln); close(done) }()
	t.Cleanup(func() { _ = srv.Close(); <-done })
	return s
}

func (s *testSMTP) port() string { _, p, _ := net.SplitHostPort(s.addr); return p }

func (s *testSMTP) received() []receivedMail {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]receivedMail(nil), s.messages...)
}

func (s *testSMTP) users() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.authed...)
}

func (s *testSMTP) dataCalls() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.dataSeen
}

type testSession struct {
	srv        *testSMTP
	conn       *smtp.Conn
	user, pass string
	authed     bool
	from       string
	to         []string
}

func (ss *testSession) AuthMechanisms() []string { return []string{sasl.Plain} }

func (ss *testSession) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, username, password string) error {
		if username != ss.user || password != ss.pass {
			return errors.New("invalid username or password")
		}
		ss.authed = true
		ss.srv.mu.Lock()
		ss.srv.authed = append(ss.srv.authed, username)
		ss.srv.mu.Unlock()
		return nil
	}), nil
}

func (ss *testSession) Mail(from string, _ *smtp.MailOptions) error {
	if ss.user != "" && !ss.authed {
		return smtp.ErrAuthRequired
	}
	ss.from = from
	return nil
}

func (ss *testSession) Rcpt(to string, _ *smtp.RcptOptions) error {
	ss.to = append(ss.to, to)
	return nil
}

func (ss *testSession) Data(r io.Reader) error {
	s := ss.srv
	s.mu.Lock()
	action := "ok"
	if s.dataSeen < len(s.script) {
		action = s.script[s.dataSeen]
	}
	s.dataSeen++
	s.mu.Unlock()
	switch action {
	case "drop":
		// Half the message, then the connection goes: no answer to DATA at all.
		_, _ = io.CopyN(io.Discard, r, 64)
		_ = ss.conn.Conn().Close()
		return errors.New("connection dropped by the test")
	case "451":
		_, _ = io.Copy(io.Discard, r)
		return &smtp.SMTPError{Code: 451, EnhancedCode: smtp.EnhancedCode{4, 3, 0}, Message: "try again later"}
	case "550":
		_, _ = io.Copy(io.Discard, r)
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: "no such user"}
	}
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	s.mu.Lock()
	s.messages = append(s.messages, receivedMail{from: ss.from, to: ss.to, data: data})
	s.mu.Unlock()
	s.accepted <- struct{}{}
	return nil
}

func (ss *testSession) Reset()        { ss.from, ss.to = "", nil }
func (ss *testSession) Logout() error { return nil }

// selfSigned makes a certificate for 127.0.0.1 and localhost, and a pool that trusts it.
func selfSigned(t *testing.T) (*tls.Config, *x509.CertPool) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "test smtp"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		KeyUsage:    x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}, BasicConstraintsValid: true, IsCA: true,
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, DNSNames: []string{"localhost"},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(cert)
	return &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: key}}}, pool
}
