package seed

import (
	"image/color"

	"tourbook/internal/tour"
)

// sampleTour is the content of one sample tour. Coordinates are real places, written as
// longitude then latitude like everything else in the store (GeoJSON order).
type sampleTour struct {
	name, slug, summary, description string
	timeZone                         string // IANA zone of the start location
	days, group                      int
	difficulty                       tour.Difficulty
	priceUSD, discountUSD            int64
	start                            tour.Location
	stops                            []tour.Location
	guides                           []string // emails; the lead guide first
	look                             palette
	// family, when set, is what the tour sells and asks beyond one price per person.
	family *familyForm
}

// familyForm is the sample family tour's booking form (issue #23): price categories,
// an extra, every traveller's name and the operator's questions, and the adult price of
// its last departure, which differs from the usual.
type familyForm struct {
	categories     []tour.PriceCategory
	extras         []tour.Extra
	travellers     tour.TravellerDetails
	questions      []tour.Question
	lastAdultPrice int64
}

// FamilyTourSlug is the sample tour sold to adults, children and infants, which asks
// every traveller's name and a dietary need.
const FamilyTourSlug = "icefields-parkway-explorer"

// familyTour: adults at the tour's price, children of 4 to 11 only with an adult,
// infants up to 3 free on a lap; ice cleats to rent; a high-season last departure.
func familyTour() *familyForm {
	return &familyForm{
		categories: []tour.PriceCategory{
			{ID: tour.DefaultCategoryID, Name: "Adult", PriceMinor: 149000, TakesSeat: true},
			{ID: "child", Name: "Child", PriceMinor: 99000, MinAge: 4, MaxAge: 11, TakesSeat: true, OnlyWith: tour.DefaultCategoryID},
			{ID: "infant", Name: "Infant", PriceMinor: 0, MaxAge: 3, TakesSeat: false, OnlyWith: tour.DefaultCategoryID},
		},
		extras: []tour.Extra{{ID: "ice-cleats", Name: "Ice cleats", Description: "Strap-on spikes for the glacier walk, in every size.",
			PriceMinor: 2500, Per: tour.PerTraveller, Stock: 6}},
		travellers: tour.AskAll,
		questions: []tour.Question{
			{ID: "diet", Label: "Dietary needs", Type: tour.OneChoice, Required: true, PerTraveller: true,
				Options: []string{"None", "Vegetarian", "Vegan", "Gluten-free", "Nut allergy"}},
			{ID: "hotel", Label: "Pick-up hotel", Help: "Where in Banff we collect you on the first morning.", Type: tour.ShortText},
		},
		lastAdultPrice: 169000,
	}
}

func stop(lng, lat float64, day int, description string) tour.Location {
	return tour.Location{Point: tour.Point{Lng: lng, Lat: lat}, Day: day, Description: description}
}

func rgb(hex uint32) color.RGBA {
	return color.RGBA{R: uint8(hex >> 16), G: uint8(hex >> 8), B: uint8(hex), A: 0xff}
}

// sampleTours is a function rather than a package variable so that callers can change
// what they get without touching anyone else's copy.
func sampleTours() []sampleTour {
	return []sampleTour{
		{
			name:    "The Matterhorn Glacier Trek",
			slug:    "matterhorn-glacier-trek",
			summary: "Walk beneath the Matterhorn on high balcony trails between Zermatt and Saas-Fee.",
			description: "This is the Alps at their most dramatic: larch forests give way to moraines, glaciers and the unmistakable pyramid of the Matterhorn, which follows you for most of the week. We walk the Europaweg balcony path high above the Mattertal, sleep in family-run mountain huts and in Zermatt's old wooden chalets, and take the rack railway up to Gornergrat for a sunrise over twenty-nine four-thousand-metre peaks.\n" +
				"Days are long, with up to 1,200 metres of ascent and a few exposed sections secured with cables, so you should be comfortable hiking six to eight hours at altitude. Luggage is moved between overnight stops, so you only carry a day pack. Dinners feature raclette, rösti and Valais wine.",
			days: 7, group: 8, difficulty: tour.Difficult, priceUSD: 2490,
			start:    stop(7.7491, 46.0207, 0, "Zermatt, Switzerland"),
			timeZone: "Europe/Zurich",
			stops: []tour.Location{
				stop(7.7083, 45.9917, 1, "Schwarzsee and the Hörnli ridge"),
				stop(7.7852, 45.9836, 2, "Sunrise at Gornergrat"),
				stop(7.8378, 46.1953, 4, "Europaweg balcony trail to Grächen"),
				stop(7.9276, 46.1081, 6, "Saas-Fee glacier village"),
			},
			guides: []string{"ingrid@example.com", "elodie@example.com"},
			look: palette{sky: [2]color.RGBA{rgb(0x2f5d8c), rgb(0xcfe3f2)}, sun: rgb(0xfffdf0),
				ridges: [3]color.RGBA{rgb(0xdbe5ee), rgb(0x6f84a0), rgb(0x2c3b4d)}, terrain: peaks, snow: true},
		},
		{
			name:    "Patagonia: Towers and Glaciers",
			slug:    "patagonia-towers-and-glaciers",
			summary: "Trek the granite towers of Torres del Paine and stand before the Perito Moreno glacier.",
			description: "Patagonia is wind, light and scale. From the harbour town of Puerto Natales we head into Torres del Paine National Park to hike the W route: up the Ascencio valley to the three granite towers at dawn, into the hanging amphitheatre of the French Valley, and along Lago Grey to the blue wall of the Grey Glacier.\n" +
				"After the trek we cross into Argentina for a quieter day on the walkways facing the Perito Moreno glacier, one of the few in the world that is still advancing. Expect four seasons in a day, nights in refugios and domes, and a guide team that knows every shortcut out of the wind.",
			days: 9, group: 10, difficulty: tour.Difficult, priceUSD: 3290, discountUSD: 300,
			start:    stop(-72.5064, -51.7236, 0, "Puerto Natales, Chile"),
			timeZone: "America/Punta_Arenas",
			stops: []tour.Location{
				stop(-72.9660, -50.9420, 2, "Base of the Torres del Paine"),
				stop(-73.0680, -51.0280, 4, "French Valley lookout"),
				stop(-73.2090, -51.0030, 5, "Grey Glacier"),
				stop(-73.0400, -50.4700, 8, "Perito Moreno glacier walkways"),
			},
			guides: []string{"rafael@example.com", "tomas@example.com"},
			look: palette{sky: [2]color.RGBA{rgb(0x3d6e9e), rgb(0xf3cf95)}, sun: rgb(0xffe9b0),
				ridges: [3]color.RGBA{rgb(0xb99aad), rgb(0x6d5a7a), rgb(0x2a283b)}, terrain: peaks, snow: true},
		},
		{
			name:    "Iceland Fire and Ice",
			slug:    "iceland-fire-and-ice",
			summary: "Waterfalls, geysers and a glacier lagoon along Iceland's south coast.",
			description: "In six unhurried days we follow the Golden Circle and the south coast of Iceland, where the earth is visibly still being made. We stand in the rift between two continental plates at Þingvellir, wait for Strokkur to erupt, walk behind the curtain of Seljalandsfoss and climb the stairs beside Skógafoss.\n" +
				"The journey ends at Jökulsárlón, where icebergs calved from Vatnajökull drift out to a black-sand beach. Walks are short and easy, the minibus is warm, and in the darker months we keep an eye on the sky for the northern lights.",
			days: 6, group: 16, difficulty: tour.Easy, priceUSD: 1890,
			start:    stop(-21.9426, 64.1466, 0, "Reykjavík, Iceland"),
			timeZone: "Atlantic/Reykjavik",
			stops: []tour.Location{
				stop(-21.1299, 64.2559, 1, "Þingvellir rift valley"),
				stop(-20.3024, 64.3104, 2, "Geysir geothermal area"),
				stop(-19.9886, 63.6156, 3, "Seljalandsfoss"),
				stop(-19.5114, 63.5321, 3, "Skógafoss"),
				stop(-16.2306, 64.0784, 5, "Jökulsárlón glacier lagoon"),
			},
			guides: []string{"ingrid@example.com", "finlay@example.com"},
			look: palette{sky: [2]color.RGBA{rgb(0x1d2b53), rgb(0x86d6bd)}, sun: rgb(0xeafff6),
				ridges: [3]color.RGBA{rgb(0x5f7f90), rgb(0x33485a), rgb(0x121b27)}, terrain: hills, snow: true},
		},
		{
			name:    "Japan's Old Post Roads",
			slug:    "japans-old-post-roads",
			summary: "From Tokyo to Nara along cedar-lined trails, hot springs and temple towns.",
			description: "This journey links modern Japan with the roads that once joined its capitals. After a night in Tokyo we soak in the hot springs of Hakone beneath Mount Fuji, then walk the best-preserved stretch of the Nakasendō between the post towns of Magome and Tsumago, on stone paths through cedar forest.\n" +
				"The second half is Kyoto and Nara: early mornings at temples before the crowds, a tea ceremony, and the deer of Nara Park. We travel by bullet train and local lines, stay in ryokan with kaiseki dinners, and walk three to four hours on most days.",
			days: 10, group: 12, difficulty: tour.Easy, priceUSD: 3890, discountUSD: 250,
			start:    stop(139.7671, 35.6812, 0, "Tokyo Station, Japan"),
			timeZone: "Asia/Tokyo",
			stops: []tour.Location{
				stop(139.1069, 35.2324, 2, "Hakone hot springs"),
				stop(137.5669, 35.5267, 4, "Magome post town"),
				stop(137.5960, 35.5770, 5, "Tsumago post town"),
				stop(135.7681, 35.0116, 7, "Kyoto"),
				stop(135.8048, 34.6851, 9, "Nara Park"),
			},
			guides: []string{"miyu@example.com"},
			look: palette{sky: [2]color.RGBA{rgb(0xf2a7bd), rgb(0xfde9dc)}, sun: rgb(0xe8473d),
				ridges: [3]color.RGBA{rgb(0xc4b0cc), rgb(0x7c6a96), rgb(0x3b3255)}, terrain: volcano, snow: true},
		},
		{
			name:    "Sahara and the High Atlas",
			slug:    "sahara-and-the-high-atlas",
			summary: "Cross the Atlas mountains from Marrakech to a camp in the Erg Chebbi dunes.",
			description: "We leave the souks of Marrakech over the Tizi n'Tichka pass and descend into a landscape of red earth and kasbahs. Aït Benhaddou, a fortified village of mud brick, has stood in for half of Hollywood's ancient cities; the Todra Gorge narrows to a slot between 300-metre walls.\n" +
				"At Merzouga we swap the minibus for camels and ride into the Erg Chebbi dunes for a night under the stars in a Berber camp. The tour ends in Fès, the largest car-free medina in the world, with a guided walk through its tanneries and workshops.",
			days: 8, group: 14, difficulty: tour.Medium, priceUSD: 1490,
			start:    stop(-7.9811, 31.6295, 0, "Marrakech, Morocco"),
			timeZone: "Africa/Casablanca",
			stops: []tour.Location{
				stop(-7.1294, 31.0472, 2, "Aït Benhaddou"),
				stop(-5.5870, 31.5900, 4, "Todra Gorge"),
				stop(-4.0134, 31.0802, 5, "Erg Chebbi dunes at Merzouga"),
				stop(-5.0003, 34.0331, 8, "Fès medina"),
			},
			guides: []string{"rafael@example.com", "kwame@example.com", "elodie@example.com"},
			look: palette{sky: [2]color.RGBA{rgb(0xe0793a), rgb(0xfad7a0)}, sun: rgb(0xfff3c8),
				ridges: [3]color.RGBA{rgb(0xdc9a62), rgb(0xb5663b), rgb(0x7a3b24)}, terrain: dunes},
		},
		{
			name:    "New Zealand Southern Alps",
			slug:    "new-zealand-southern-alps",
			summary: "Fiords, glaciers and alpine lakes across the South Island.",
			description: "From Queenstown we drive through Fiordland to Milford Sound, where waterfalls pour off sheer cliffs straight into the sea, and cruise out to the Tasman. Back over the mountains, we walk above Lake Wanaka and follow the Hooker Valley track on swing bridges to the foot of Aoraki, New Zealand's highest peak.\n" +
				"The last days cross Haast Pass to the rainforest of the West Coast and the Franz Josef glacier, which we see from the valley floor and, weather permitting, from a ski-plane. Hikes are moderate, up to five hours, with comfortable lodges every night.",
			days: 8, group: 12, difficulty: tour.Medium, priceUSD: 2690,
			start:    stop(168.6626, -45.0312, 0, "Queenstown, New Zealand"),
			timeZone: "Pacific/Auckland",
			stops: []tour.Location{
				stop(167.9253, -44.6717, 2, "Milford Sound"),
				stop(169.1321, -44.7032, 4, "Lake Wanaka"),
				stop(170.0964, -43.7340, 5, "Aoraki / Mount Cook Village"),
				stop(170.1819, -43.3880, 7, "Franz Josef Glacier"),
			},
			guides: []string{"miyu@example.com", "aroha@example.com"},
			look: palette{sky: [2]color.RGBA{rgb(0x2e86c1), rgb(0xb4e6f5)}, sun: rgb(0xfffbe2),
				ridges: [3]color.RGBA{rgb(0xa9c7bf), rgb(0x4f8a6e), rgb(0x1d4a37)}, terrain: peaks, snow: true},
		},
		{
			name:    "Icefields Parkway Explorer",
			slug:    FamilyTourSlug,
			summary: "Turquoise lakes and glaciers on the road from Banff to Jasper.",
			description: "The Icefields Parkway may be the most beautiful road in North America, and we take it slowly. From Banff we visit Lake Louise and Moraine Lake early, before the buses, then stop at Peyto Lake, whose glacial flour turns the water an improbable blue.\n" +
				"At the Columbia Icefield we walk onto the Athabasca Glacier with a glacier guide before continuing to Jasper, where elk wander through town and the night sky is a dark-sky preserve. Walks are short and gentle, which makes this a good first tour for families.",
			days: 6, group: 20, difficulty: tour.Easy, priceUSD: 1690, discountUSD: 200,
			start:    stop(-115.5708, 51.1784, 0, "Banff, Canada"),
			timeZone: "America/Edmonton",
			stops: []tour.Location{
				stop(-116.2161, 51.4177, 1, "Lake Louise"),
				stop(-116.1860, 51.3217, 2, "Moraine Lake"),
				stop(-116.5100, 51.7200, 3, "Peyto Lake lookout"),
				stop(-117.2400, 52.1920, 4, "Athabasca Glacier"),
				stop(-118.0814, 52.8737, 5, "Jasper"),
			},
			guides: []string{"ingrid@example.com", "kwame@example.com", "finlay@example.com"},
			look: palette{sky: [2]color.RGBA{rgb(0x4a90c2), rgb(0xdaeef6)}, sun: rgb(0xfffbe6),
				ridges: [3]color.RGBA{rgb(0xa3bccd), rgb(0x3f6d7a), rgb(0x193737)}, terrain: peaks, snow: true},
			family: familyTour(),
		},
		{
			name:    "Norwegian Fjords on Foot",
			slug:    "norwegian-fjords-on-foot",
			summary: "Hike, sail and ride the rails through the deepest fjords of western Norway.",
			description: "Starting in Bergen's Hanseatic harbour, we ride the Flåm Railway down a valley of waterfalls and sail the Nærøyfjord, a UNESCO-listed arm of the Sognefjord so narrow the cliffs nearly touch. Each day includes a hike to a viewpoint high above the water.\n" +
				"Further north, Geirangerfjord brings the Seven Sisters waterfall and abandoned clifftop farms reached on old shepherds' paths. We finish in Ålesund, an art nouveau town rebuilt after a fire in 1904. Expect three to six hours of walking a day and changeable weather.",
			days: 7, group: 15, difficulty: tour.Medium, priceUSD: 2890,
			start:    stop(5.3221, 60.3913, 0, "Bergen, Norway"),
			timeZone: "Europe/Oslo",
			stops: []tour.Location{
				stop(7.1137, 60.8628, 2, "Flåm"),
				stop(6.8427, 60.8781, 3, "Nærøyfjord at Gudvangen"),
				stop(7.2059, 62.1008, 5, "Geirangerfjord"),
				stop(6.1495, 62.4722, 7, "Ålesund"),
			},
			guides: []string{"ingrid@example.com", "tomas@example.com"},
			look: palette{sky: [2]color.RGBA{rgb(0x25426b), rgb(0xa3c9db)}, sun: rgb(0xf6f1d4),
				ridges: [3]color.RGBA{rgb(0x7f96aa), rgb(0x3d5a66), rgb(0x162930)}, terrain: peaks, snow: true},
		},
		{
			name:    "Ha Long Bay by Junk",
			slug:    "ha-long-bay-by-junk",
			summary: "Two nights aboard a wooden junk among the limestone islands of Ha Long Bay.",
			description: "A short escape from Hanoi to one of Asia's great seascapes. We drive to the coast and board a traditional wooden junk with just twelve cabins, then spend two days threading between thousands of limestone islands, stopping to kayak into hidden lagoons and to swim from quiet beaches.\n" +
				"Evenings are for fresh seafood on deck and squid fishing under the lanterns; mornings start with tai chi on the sun deck as the mist lifts off the karst. There is no hiking to speak of, so this tour suits anyone who can climb a ship's stairs.",
			days: 3, group: 25, difficulty: tour.Easy, priceUSD: 690,
			start:    stop(105.8542, 21.0285, 0, "Hanoi Old Quarter, Vietnam"),
			timeZone: "Asia/Ho_Chi_Minh",
			stops: []tour.Location{
				stop(107.1839, 20.9101, 1, "Ha Long Bay"),
			},
			guides: []string{"miyu@example.com", "kwame@example.com"},
			look: palette{sky: [2]color.RGBA{rgb(0xf09c6c), rgb(0xfbe4bb)}, sun: rgb(0xfff1c2),
				ridges: [3]color.RGBA{rgb(0x93b093), rgb(0x557a5e), rgb(0x243b2e)}, terrain: karst},
		},
		{
			name:    "Highlands and the Isle of Skye",
			slug:    "highlands-and-the-isle-of-skye",
			summary: "Castles, lochs and the wild ridges of Skye in a small-group Highland journey.",
			description: "From Inverness we follow the shore of Loch Ness to the ruins of Urquhart Castle, then cross the Highlands to Eilean Donan, the castle on its tidal island that appears on every shortbread tin. On Skye we walk to the Old Man of Storr and the Quiraing, two of the strangest landscapes in Britain.\n" +
				"The tour ends in Glencoe, a valley of great beauty and a darker history, with a hike beneath the Three Sisters. With only six guests we travel in one comfortable vehicle, stay in country inns, and have time for a whisky distillery on the way.",
			days: 5, group: 6, difficulty: tour.Medium, priceUSD: 1290,
			start:    stop(-4.2247, 57.4778, 0, "Inverness, Scotland"),
			timeZone: "Europe/London",
			stops: []tour.Location{
				stop(-4.4419, 57.3241, 1, "Urquhart Castle on Loch Ness"),
				stop(-5.5161, 57.2739, 2, "Eilean Donan Castle"),
				stop(-6.1947, 57.4125, 3, "Portree, Isle of Skye"),
				stop(-5.1023, 56.6826, 5, "Glencoe"),
			},
			guides: []string{"rafael@example.com", "finlay@example.com"},
			look: palette{sky: [2]color.RGBA{rgb(0x5d6d8a), rgb(0xdcd3c6)}, sun: rgb(0xf4f0e4),
				ridges: [3]color.RGBA{rgb(0x8c91a5), rgb(0x6b6f58), rgb(0x36352a)}, terrain: hills},
		},
	}
}
