package media

import (
	"bytes"
	"encoding/binary"
	"image"
)

// Phones store photos as the sensor saw them and record in EXIF how to turn them for
// display. The output drops all metadata, so the turn has to be applied to the pixels or
// portraits would end up sideways.

// jpegOrientation returns the EXIF orientation (1–8) of a JPEG, 1 when it has none or
// the metadata is malformed: a broken EXIF block is no reason to refuse a photo.
func jpegOrientation(data []byte) int {
	for i := 2; i+4 <= len(data); {
		if data[i] != 0xFF {
			return 1
		}
		marker := data[i+1]
		switch {
		case marker == 0xFF: // fill byte
			i++
			continue
		case marker == 0xDA || marker == 0xD9: // start of scan, end of image: no more headers
			return 1
		case marker == 0x01 || marker >= 0xD0 && marker <= 0xD8: // no length field
			i += 2
			continue
		}
		n := int(binary.BigEndian.Uint16(data[i+2:]))
		if n < 2 || i+2+n > len(data) {
			return 1
		}
		seg := data[i+4 : i+2+n]
		if marker == 0xE1 && bytes.HasPrefix(seg, []byte("Exif\x00\x00")) {
			return exifOrientation(seg[6:])
		}
		i += 2 + n
	}
	return 1
}

// exifOrientation reads tag 0x0112 from IFD0 of a TIFF-structured EXIF block.
func exifOrientation(tiff []byte) int {
	if len(tiff) < 8 {
		return 1
	}
	var bo binary.ByteOrder
	switch string(tiff[:2]) {
	case "II":
		bo = binary.LittleEndian
	case "MM":
		bo = binary.BigEndian
	default:
		return 1
	}
	if bo.Uint16(tiff[2:]) != 42 {
		return 1
	}
	off := uint64(bo.Uint32(tiff[4:]))
	if off < 8 || off+2 > uint64(len(tiff)) {
		return 1
	}
	count := int(bo.Uint16(tiff[off:]))
	entries := tiff[off+2:]
	for k := 0; k < count && (k+1)*12 <= len(entries); k++ {
		e := entries[k*12:]
		if bo.Uint16(e) != 0x0112 {
			continue
		}
		const typeShort = 3
		if v := int(bo.Uint16(e[8:])); bo.Uint16(e[2:]) == typeShort && v >= 1 && v <= 8 {
			return v
		}
		return 1
	}
	return 1
}

// swapsSides reports whether EXIF orientation o turns the picture a quarter, so that
// its displayed width is its stored height.
func swapsSides(o int) bool { return o >= 5 && o <= 8 }

// orient returns img turned for display according to EXIF orientation o; a w×h img
// becomes h×w when o turns it a quarter. Turning and mirroring map a centred crop onto
// the centred crop of the turned image, so this can run on the small output rather than
// the full photo.
func orient(img *image.RGBA, o int) *image.RGBA {
	if o <= 1 || o > 8 {
		return img
	}
	w, h := img.Bounds().Dx(), img.Bounds().Dy()
	ow, oh := w, h
	if swapsSides(o) {
		ow, oh = h, w
	}
	out := image.NewRGBA(image.Rect(0, 0, ow, oh))
	for y := range oh {
		for x := range ow {
			var sx, sy int
			switch o {
			case 2: // mirrored
				sx, sy = w-1-x, y
			case 3: // upside down
				sx, sy = w-1-x, h-1-y
			case 4: // mirrored upside down
				sx, sy = x, h-1-y
			case 5: // transposed
				sx, sy = y, x
			case 6: // needs a quarter turn clockwise
				sx, sy = y, h-1-x
			case 7: // transverse
				sx, sy = w-1-y, h-1-x
			case 8: // needs a quarter turn counter-clockwise
				sx, sy = w-1-y, x
			}
			si, di := img.PixOffset(sx, sy), out.PixOffset(x, y)
			copy(out.Pix[di:di+4], img.Pix[si:si+4])
		}
	}
	return out
}
