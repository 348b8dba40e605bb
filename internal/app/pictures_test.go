package app

import (
	"bytes"
	"image/jpeg"
	"mime/multipart"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"tourbook/internal/web"

	"golang.org/x/net/html"
)

// imgs lists the attributes of every <img> of class class in body.
func imgs(t *testing.T, body, class string) []map[string]string {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	var out []map[string]string
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode && n.Data == "img" {
			attrs := map[string]string{}
			for _, a := range n.Attr {
				attrs[a.Key] = a.Val
			}
			if attrs["class"] == class {
				out = append(out, attrs)
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return out
}

// checkSrcSet checks that an <img>'s srcset offers files of the widths want ("64w 160w
// 500w"), each a JPEG of that width and of height(width) pixels high, and returns the
// responses.
func (s *testSite) checkSrcSet(t *testing.T, c *http.Client, img map[string]string, want string, height func(int) int) []result {
	t.Helper()
	var widths []string
	var got []result
	for _, cand := range strings.Split(img["srcset"], ", ") {
		file, w, ok := strings.Cut(cand, " ")
		if !ok {
			t.Fatalf("srcset %q", img["srcset"])
		}
		widths = append(widths, w)
		r := s.get(t, c, file)
		cfg, err := jpeg.DecodeConfig(bytes.NewReader([]byte(r.body)))
		if r.status != 200 || err != nil || strconv.Itoa(cfg.Width)+"w" != w || cfg.Height != height(cfg.Width) {
			t.Errorf("%s (%s): %d, %dx%d %v", file, w, r.status, cfg.Width, cfg.Height, err)
		}
		got = append(got, r)
	}
	if strings.Join(widths, " ") != want {
		t.Errorf("srcset widths %v in %q, want %s", widths, img["srcset"], want)
	}
	return got
}

// checkPhotoSrcSet checks that a photo's <img> offers 64, 160 and 500 px files, each
// a JPEG of that many pixels square, shown size CSS pixels wide.
func (s *testSite) checkPhotoSrcSet(t *testing.T, c *http.Client, img map[string]string, size int) {
	t.Helper()
	px := strconv.Itoa(size)
	if img["width"] != px || img["height"] != px || img["sizes"] != px+"px" {
		t.Errorf("photo %v: want %s px square, sizes %spx", img, px, px)
	}
	s.checkSrcSet(t, c, img, "64w 160w 500w", func(w int) int { return w })
}

// Photos and tour pictures, the sample ones too, are stored in several widths, offered in
// srcset with the width each is shown at; the hero comes first, what is below the fold
// when scrolled to.
func TestPicturesInSeveralWidths(t *testing.T) {
	t.Parallel()
	s := newTestSite(t)
	_, slug, _ := s.firstTour(t)
	visitor := s.client(t)
	page := s.get(t, visitor, "/tour/"+slug).body
	guides, reviews := imgs(t, page, "guide__img"), imgs(t, page, "review__img")
	if len(guides) == 0 || len(reviews) == 0 {
		t.Fatalf("%d guide and %d review photos", len(guides), len(reviews))
	}
	// Below the fold: loaded when scrolled to.
	for _, img := range append(guides, reviews...) {
		if img["loading"] != "lazy" {
			t.Errorf("photo %s is not lazy", img["src"])
		}
	}
	s.checkPhotoSrcSet(t, visitor, guides[0], 48)
	s.checkPhotoSrcSet(t, visitor, reviews[0], 44)
	// The hero is the first paint: not lazy, asked for first.
	hero := imgs(t, page, "tour-hero__img")
	if len(hero) != 1 || hero[0]["loading"] != "" || hero[0]["fetchpriority"] != "high" {
		t.Fatalf("hero %v", hero)
	}
	s.checkTourSrcSet(t, visitor, hero[0], web.HeroSizes)
	gallery := imgs(t, page, "pictures__img")
	if len(gallery) != 3 {
		t.Fatalf("%d gallery pictures", len(gallery))
	}
	for _, img := range gallery {
		s.checkTourSrcSet(t, visitor, img, "(max-width: 900px) 100vw, 33vw")
		if img["loading"] != "lazy" {
			t.Errorf("gallery picture %s is not lazy", img["src"])
		}
	}

	// An upload is stored in the same widths, which the header and the account page offer.
	member := s.client(t)
	s.login(t, member, "priya@example.com")
	ct, body := multipartBody(t, map[string]string{"name": "Priya R", "email": "priya@example.com"}, "me.png", bytes.NewReader(smallPNG(t, 900, 700)))
	if r := s.do(t, member, http.MethodPatch, "/api/v1/users/updateMe", ct, body); r.status != 200 {
		t.Fatalf("upload: %d %s", r.status, r.body)
	}
	me := s.get(t, member, "/me").body
	header, form := imgs(t, me, "nav__user-img"), imgs(t, me, "form__user-photo")
	if len(header) != 1 || len(form) != 1 || header[0]["src"] != form[0]["src"] || strings.Contains(page, header[0]["src"]) {
		t.Fatalf("header %v, form %v", header, form)
	}
	s.checkPhotoSrcSet(t, member, header[0], 32)
	s.checkPhotoSrcSet(t, member, form[0], 72)

	// The first cards of the overview load at once, the others when scrolled to.
	cards := imgs(t, s.get(t, visitor, "/").body, "card__img")
	for i, c := range cards {
		if lazy := c["loading"] == "lazy"; lazy != (i >= 3) {
			t.Errorf("card %d loading=%q", i, c["loading"])
		}
		s.checkTourSrcSet(t, visitor, c, "(max-width: 700px) 100vw, 400px")
	}
}

// checkTourSrcSet checks that a tour picture's <img> offers 480, 960 and 1600 px files,
// each a 3:2 JPEG of that width, states the widest's size (so its box is kept before it
// arrives) and says how wide it is shown.
func (s *testSite) checkTourSrcSet(t *testing.T, c *http.Client, img map[string]string, sizes string) {
	t.Helper()
	if img["width"] != "1600" || img["height"] != "1067" || img["sizes"] != sizes {
		t.Errorf("tour picture %v: want 1600×1067, sizes %q", img, sizes)
	}
	for _, r := range s.checkSrcSet(t, c, img, "480w 960w 1600w", func(w int) int { return (2*w + 1) / 3 }) {
		if cc := r.header.Get("Cache-Control"); cc != "public, max-age=31536000, immutable" {
			t.Errorf("a tour picture's Cache-Control %q", cc)
		}
	}
	if !strings.HasSuffix(img["srcset"], img["src"]+" 1600w") {
		t.Errorf("src %q is not the widest of %q", img["src"], img["srcset"])
	}
}

// One account uploads at most 10 pictures a minute, photos and tour pictures together;
// the 11th is refused before it is read (issue 20, also seen).
func TestPictureUploadsAreLimitedPerAccount(t *testing.T) {
	t.Parallel()
	eachEngine(t, func(t *testing.T, s *testSite) {
		admin := s.client(t)
		s.login(t, admin, "laura@example.com")
		png := smallPNG(t, 64, 64)
		upload := func(c *http.Client) result {
			ct, body := multipartBody(t, map[string]string{"name": "Someone"}, "me.png", bytes.NewReader(png))
			return s.do(t, c, http.MethodPatch, "/api/v1/users/updateMe", ct, body)
		}
		for i := range 10 {
			if r := upload(admin); r.status != http.StatusOK {
				t.Fatalf("photo %d: %d %s", i+1, r.status, r.body)
			}
		}
		r := upload(admin)
		refused(t, "the 11th photo in a minute", r, http.StatusTooManyRequests, "uploading pictures too quickly")
		if r.header.Get("Retry-After") == "" {
			t.Error("429 without Retry-After")
		}
		var buf bytes.Buffer
		mw := multipart.NewWriter(&buf)
		fw, err := mw.CreateFormFile("picture", "p.png")
		if err != nil {
			t.Fatal(err)
		}
		_, _ = fw.Write(png)
		_ = mw.Close()
		tourPictures := "/api/v1/tours/" + s.tourByIndex(t, 0).ID + "/pictures"
		refused(t, "a tour picture after 10 photos", s.do(t, admin, http.MethodPost, tourPictures, mw.FormDataContentType(), &buf),
			http.StatusTooManyRequests, "uploading pictures too quickly")
		other := s.client(t)
		s.login(t, other, "sophie@example.com")
		if r := upload(other); r.status != http.StatusOK {
			t.Errorf("another account's photo: %d %s", r.status, r.body)
		}
	})
}
