package payment

import "net/http"

// Header is what a provider's webhook carries besides its body: the signature the
// provider checks in ParseWebhook. The services that pass it on need not know HTTP.
type Header = http.Header
