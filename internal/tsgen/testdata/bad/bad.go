package bad

// Bad holds what JSON cannot carry.
type Bad struct {
	C chan int `json:"c"`
}
