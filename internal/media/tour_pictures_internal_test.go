package media

import (
	"context"
	"errors"
	"image"
	"os"
	"slices"
	"testing"
)

func TestWriteAllRemovesWrittenOnFailure(t *testing.T) {
	files := []OutFile{{"a-480.jpg", nil}, {"a-960.jpg", nil}, {"a.jpg", nil}}
	failure := errors.New("disk full")
	tests := []struct {
		failOn string // "" for none
		want   []string
	}{
		{"", []string{"a-480.jpg", "a-960.jpg", "a.jpg"}},
		{"a-480.jpg", nil},
		{"a-960.jpg", nil},
		{"a.jpg", nil},
	}
	for _, tt := range tests {
		t.Run("fail on "+tt.failOn, func(t *testing.T) {
			dir := t.TempDir()
			folder, err := NewFolder(dir)
			if err != nil {
				t.Fatal(err)
			}
			err = writeAll(t.Context(), folder, files, func(ctx context.Context, b Bucket, name string, _ image.Image) error {
				if name == tt.failOn {
					return failure
				}
				return b.Put(ctx, name, []byte("x"))
			})
			if (tt.failOn != "") != errors.Is(err, failure) {
				t.Errorf("writeAll = %v", err)
			}
			entries, _ := os.ReadDir(dir)
			var got []string
			for _, e := range entries {
				got = append(got, e.Name())
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("folder holds %q, want %q", got, tt.want)
			}
		})
	}
}

func TestOrient(t *testing.T) {
	// A B C      stored 3×2; each case is the picture as EXIF orientation o says to
	// D E F      display it.
	const A, B, C, D, E, F = 'A', 'B', 'C', 'D', 'E', 'F'
	tests := []struct {
		o    int
		want [][]byte
	}{
		{1, [][]byte{{A, B, C}, {D, E, F}}},
		{2, [][]byte{{C, B, A}, {F, E, D}}},
		{3, [][]byte{{F, E, D}, {C, B, A}}},
		{4, [][]byte{{D, E, F}, {A, B, C}}},
		{5, [][]byte{{A, D}, {B, E}, {C, F}}},
		{6, [][]byte{{D, A}, {E, B}, {F, C}}},
		{7, [][]byte{{F, C}, {E, B}, {D, A}}},
		{8, [][]byte{{C, F}, {B, E}, {A, D}}},
	}
	for _, tt := range tests {
		img := image.NewRGBA(image.Rect(0, 0, 3, 2))
		for i, v := range []byte{A, B, C, D, E, F} {
			img.Pix[i*4] = v
		}
		out := orient(img, tt.o)
		var got [][]byte
		for y := range out.Bounds().Dy() {
			var row []byte
			for x := range out.Bounds().Dx() {
				row = append(row, out.Pix[out.PixOffset(x, y)])
			}
			got = append(got, row)
		}
		if !slices.EqualFunc(got, tt.want, slices.Equal) {
			t.Errorf("orientation %d: %q, want %q", tt.o, got, tt.want)
		}
	}
}
