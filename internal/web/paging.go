package web

import (
	"net/url"
	"strconv"

	"tourbook/internal/view"
)

// pageOf reads ?page= (1-based; anything else is 1) and gives the offset.
func pageOf(q url.Values) (page, offset int) {
	page, err := strconv.Atoi(q.Get("page"))
	if err != nil || page < 1 || page > 1_000_000 {
		page = 1
	}
	return page, (page - 1) * view.PageSize
}
