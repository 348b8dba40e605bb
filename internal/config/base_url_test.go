package config

import "testing"

// The start-up log warns when the default base URL (localhost) meets a listener other
// machines reach: their visitors would be redirected to their own localhost.
func TestDefaultBaseURLExposed(t *testing.T) {
	tests := []struct {
		name    string
		env     map[string]string
		args    []string
		exposed bool
	}{
		{"every interface, default base URL", nil, nil, true},
		{"0.0.0.0", nil, []string{"-addr", "0.0.0.0:9000"}, true},
		{"a LAN address", nil, []string{"-addr", "192.168.1.20:8080"}, true},
		{"127.0.0.1", nil, []string{"-addr", "127.0.0.1:8080"}, false},
		{"localhost", nil, []string{"-addr", "localhost:8080"}, false},
		{"a base URL given", nil, []string{"-base-url", "https://tours.example", "-payment-provider", "sandbox", "-allow-sandbox"}, false},
		{"a base URL from the environment", map[string]string{"TOURBOOK_BASE_URL": "http://tours.example"}, nil, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := parse(t, tt.env, tt.args...)
			if err != nil {
				t.Fatal(err)
			}
			if got := c.DefaultBaseURLExposed(); got != tt.exposed {
				t.Errorf("addr %s, base URL %s (default %v): exposed %v, want %v", c.Addr, c.BaseURL, c.BaseURLDefault, got, tt.exposed)
			}
		})
	}
}

func TestLoopbackOnly(t *testing.T) {
	for addr, want := range map[string]bool{
		"127.0.0.1:8080": true, "127.0.0.2:80": true, "[::1]:8080": true, "localhost:8080": true, "LocalHost:1": true,
		":8080": false, "0.0.0.0:8080": false, "[::]:8080": false, "10.0.0.5:8080": false, "tours.example:80": false, "nonsense": false,
	} {
		if got := LoopbackOnly(addr); got != want {
			t.Errorf("LoopbackOnly(%q) = %v, want %v", addr, got, want)
		}
	}
}
