//go:build !cgo || purego

package ssr

// v8Kinds is empty without cgo: V8 is C++ and comes from libnode.
func v8Kinds() []engineKind { return nil }
