// Evaluated in every runtime before the bundle, so that every engine offers React's
// server renderer the same small host environment. There is no event loop: a render is
// one synchronous renderToString call, so timers never fire and messages are dropped.
(function (g) {
  'use strict';

  // __tourbookLog(level, message) is provided natively by each engine; hide it from the
  // bundle so that console is the only way out.
  var hostLog = g.__tourbookLog;
  delete g.__tourbookLog;

  function show(v) {
    if (typeof v === 'string') return v;
    if (v instanceof Error) return v.stack || String(v);
    try {
      var s = JSON.stringify(v);
      if (s !== undefined) return s;
    } catch (e) {}
    return String(v);
  }

  // Supports the %s/%d/%i/%f/%o/%O/%j substitutions React's warnings use.
  function format(args) {
    var parts = [];
    var i = 0;
    if (typeof args[0] === 'string' && args[0].indexOf('%') >= 0) {
      i = 1;
      parts.push(args[0].replace(/%[sdifoOj%]/g, function (m) {
        if (m === '%%') return '%';
        if (i >= args.length) return m;
        var v = args[i++];
        if (m === '%d' || m === '%i') return String(parseInt(v, 10));
        if (m === '%f') return String(parseFloat(v));
        return show(v);
      }));
    }
    for (; i < args.length; i++) parts.push(show(args[i]));
    return parts.join(' ');
  }

  var levels = { debug: 0, log: 1, info: 1, warn: 2, error: 3, trace: 0 };
  var con = {};
  Object.keys(levels).forEach(function (name) {
    con[name] = function () {
      hostLog(levels[name], format(Array.prototype.slice.call(arguments)));
    };
  });
  ['group', 'groupCollapsed', 'groupEnd', 'time', 'timeEnd', 'count', 'assert', 'dir', 'table'].forEach(function (name) {
    con[name] = function () {};
  });
  g.console = con;

  if (typeof g.TextEncoder === 'undefined') {
    // UTF-8 encoding; a lone surrogate becomes U+FFFD as the WHATWG encoder does.
    var utf8 = function (s) {
      s = s === undefined ? '' : String(s);
      var out = [];
      for (var i = 0; i < s.length; i++) {
        var c = s.charCodeAt(i);
        if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
          var d = s.charCodeAt(i + 1);
          if (d >= 0xdc00 && d <= 0xdfff) {
            c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
            i++;
          } else {
            c = 0xfffd;
          }
        } else if (c >= 0xd800 && c <= 0xdfff) {
          c = 0xfffd;
        }
        if (c < 0x80) {
          out.push(c);
        } else if (c < 0x800) {
          out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
        } else if (c < 0x10000) {
          out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
        } else {
          out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
        }
      }
      return out;
    };
    var TextEncoder = function TextEncoder() {};
    TextEncoder.prototype.encoding = 'utf-8';
    TextEncoder.prototype.encode = function (s) {
      return new Uint8Array(utf8(s));
    };
    TextEncoder.prototype.encodeInto = function (s, dest) {
      // Whole characters only: stop before one that does not fit.
      s = String(s);
      var read = 0, written = 0;
      for (var i = 0; i < s.length; i++) {
        var c = s.charCodeAt(i);
        var unit = (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) ? s.slice(i, i + 2) : s[i];
        var bytes = utf8(unit);
        if (written + bytes.length > dest.length) break;
        for (var j = 0; j < bytes.length; j++) dest[written++] = bytes[j];
        read += unit.length;
        i += unit.length - 1;
      }
      return { read: read, written: written };
    };
    g.TextEncoder = TextEncoder;
  }

  if (typeof g.MessageChannel === 'undefined') {
    var MessagePort = function MessagePort() {
      this.onmessage = null;
    };
    MessagePort.prototype.postMessage = function () {};
    MessagePort.prototype.start = function () {};
    MessagePort.prototype.close = function () {};
    MessagePort.prototype.addEventListener = function () {};
    MessagePort.prototype.removeEventListener = function () {};
    g.MessageChannel = function MessageChannel() {
      this.port1 = new MessagePort();
      this.port2 = new MessagePort();
    };
  }

  var nextTimer = 1;
  function noTimer() {
    return nextTimer++;
  }
  function noClear() {}
  if (typeof g.setTimeout === 'undefined') g.setTimeout = noTimer;
  if (typeof g.clearTimeout === 'undefined') g.clearTimeout = noClear;
  if (typeof g.setInterval === 'undefined') g.setInterval = noTimer;
  if (typeof g.clearInterval === 'undefined') g.clearInterval = noClear;
  if (typeof g.setImmediate === 'undefined') g.setImmediate = noTimer;
  if (typeof g.clearImmediate === 'undefined') g.clearImmediate = noClear;
  if (typeof g.queueMicrotask === 'undefined') {
    g.queueMicrotask = function (fn) {
      Promise.resolve().then(fn);
    };
  }
})(globalThis);
