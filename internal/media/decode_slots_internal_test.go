package media

import (
	"bytes"
	"image"
	"image/png"
	"testing"
	"time"
)

// Photos and tour pictures given one set of slots take their decodes from it: with its
// only slot taken (a tour picture being decoded), a photo waits (issue 20, also seen).
func TestPhotosAndTourPicturesShareDecodeSlots(t *testing.T) {
	slots := NewDecodeSlots(1)
	photos, err := NewPhotos(t.TempDir(), Options{Slots: slots})
	if err != nil {
		t.Fatal(err)
	}
	tours, err := NewTourPictures(t.TempDir(), Options{Slots: slots})
	if err != nil {
		t.Fatal(err)
	}
	if photos.pipe.slots != slots || tours.pipe.slots != slots {
		t.Fatal("the pipelines do not use the slots given")
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewRGBA(image.Rect(0, 0, 64, 64))); err != nil {
		t.Fatal(err)
	}
	slots.acquire() // a tour picture's decode holds the only slot
	done := make(chan error, 1)
	go func() {
		_, err := photos.Process(bytes.NewReader(buf.Bytes()))
		done <- err
	}()
	select {
	case err := <-done:
		t.Fatalf("the photo was decoded while the shared slot was taken (%v)", err)
	case <-time.After(200 * time.Millisecond):
	}
	slots.release()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the photo was not decoded once the slot was free")
	}
}
