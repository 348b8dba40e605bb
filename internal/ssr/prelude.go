package ssr

import (
	_ "embed"
	"encoding/binary"
	"log/slog"
)

//go:embed prelude.js
var prelude string

// Script names that appear in JS stacks.
const (
	preludeName = "tourbook-prelude.js"
	bundleName  = "render.js"
)

// consoleLevels are the levels the prelude's console passes to __tourbookLog.
var consoleLevels = [...]string{"debug", "log", "warn", "error"}

// logConsole forwards one console call to slog. Everything goes out at debug: the
// bundle's console output is diagnostics for developers, not operational events; the
// level it was written at is kept as an attribute.
func logConsole(logger *slog.Logger, level int, msg string) {
	name := "log"
	if level >= 0 && level < len(consoleLevels) {
		name = consoleLevels[level]
	}
	logger.Debug("ssr: console", slog.String("console", name), slog.String("msg", msg))
}

// logRecords forwards console records collected by a native engine: each is one byte of
// level, a 4-byte little-endian length and the message.
func logRecords(logger *slog.Logger, records []byte) {
	for len(records) >= 5 {
		level := int(records[0])
		n := int(binary.LittleEndian.Uint32(records[1:5]))
		records = records[5:]
		n = min(n, len(records))
		logConsole(logger, level, string(records[:n]))
		records = records[n:]
	}
}
