package seed

import (
	"time"

	"tourbook/internal/account"
	"tourbook/internal/tour"
)

// Review texts by rating, so that a three-star review does not read like a five-star one.
var reviewTexts = map[int][]string{
	5: {
		"The best week of travelling I have ever had. Every detail was taken care of.",
		"Our guide knew every trail and every story. I would book again tomorrow.",
		"Breathtaking from the first day to the last, and a wonderful group.",
		"Worth every cent. The small group made it feel like travelling with friends.",
		"I came for the scenery and left with friends for life. Perfectly organised.",
		"Stunning places, great food and guides who clearly love what they do.",
		"Exceeded everything I expected. The pace was just right for me.",
	},
	4: {
		"Beautiful route and great guides; one of the hotels was a bit basic.",
		"Loved it. The days were long but the views made up for every step.",
		"Very well run. I would have liked one more free afternoon.",
		"A great introduction to the region, with a couple of real highlights.",
		"Excellent guiding; the weather did not cooperate but the team adapted.",
		"Great trip overall. Bring better rain gear than I did!",
	},
	3: {
		"Lovely scenery, but too much time on the bus for my taste.",
		"Good guides, though the group was larger than I expected.",
		"Nice tour, a little rushed in places. The highlights were memorable.",
	},
}

var reviewRatings = []int{5, 4, 5, 5, 3, 4, 5, 4, 5}

// sampleReviews returns the reviews of tour i: about two thirds of the travellers (role
// user) review each tour, once, with ratings from 3 to 5, dated in the weeks before now.
func sampleReviews(i int, tourID string, ids map[string]string, now time.Time) []tour.Review {
	var reviews []tour.Review
	for j, su := range sampleUsers {
		if su.role != account.RoleUser || (i+j)%3 == 1 {
			continue
		}
		rating := reviewRatings[(i*4+j)%len(reviewRatings)]
		texts := reviewTexts[rating]
		reviews = append(reviews, tour.Review{
			TourID:    tourID,
			UserID:    ids[su.email],
			Rating:    rating,
			Text:      texts[(i*5+j)%len(texts)],
			CreatedAt: now.UTC().Add(-time.Duration(10+i*7+j*3) * 24 * time.Hour).Truncate(time.Second),
		})
	}
	return reviews
}
