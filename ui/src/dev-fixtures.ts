// Realistic PageData for every page: used by tests and for previews. Mirrors what the Go
// page handlers send (formatted prices and dates, complete image URLs).
import type { AdminTour, PageData, PageName, PageProps, SessionUser, SiteConfig, TourCard, TourDetail } from './props';

export const site: SiteConfig = {
  name: 'Tourbook',
  tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  tileAttribution:
    '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
};

export const user: SessionUser = {
  id: 'u-5c8a1d5b',
  name: 'Laura Wilson',
  email: 'laura@example.com',
  photo: '/img/users/user-2.jpg',
  role: 'user',
};

export const forestHiker: TourCard = {
  id: 't-5c88fa8c',
  slug: 'the-forest-hiker',
  name: 'The Forest Hiker',
  difficulty: 'easy',
  durationDays: 5,
  summary: 'Breathtaking hike through the Canadian Banff National Park',
  coverImage: '/img/tours/tour-1-cover.jpg',
  // As the server writes it for a cover uploaded in the back office.
  coverSrcSet:
    '/img/tours/0a1b2c3d4e5f60718293a4b5c6d7e8f9-480.jpg 480w, /img/tours/0a1b2c3d4e5f60718293a4b5c6d7e8f9-960.jpg 960w, /img/tours/0a1b2c3d4e5f60718293a4b5c6d7e8f9.jpg 1600w',
  startLocation: 'Banff, CAN',
  nextDate: 'June 2027',
  stops: 3,
  maxGroupSize: 25,
  price: '$397',
  ratingsAverage: '4.8',
  ratingsQuantity: 6,
};

export const seaExplorer: TourCard = {
  id: 't-5c88fa8d',
  slug: 'the-sea-explorer',
  name: 'The Sea Explorer',
  difficulty: 'medium',
  durationDays: 7,
  summary: 'Exploring the jaw-dropping US east coast by foot and by boat',
  coverImage: '/img/tours/tour-2-cover.jpg',
  coverSrcSet: '',
  startLocation: 'Miami, USA',
  nextDate: 'July 2027',
  stops: 4,
  maxGroupSize: 15,
  price: '$497',
  ratingsAverage: '4.6',
  ratingsQuantity: 7,
};

export const snowAdventurer: TourCard = {
  id: 't-5c88fa8e',
  slug: 'the-snow-adventurer',
  name: 'The Snow Adventurer',
  difficulty: 'difficult',
  durationDays: 4,
  summary: 'Exciting adventure in the snow with snowboarding and skiing',
  coverImage: '/img/tours/tour-3-cover.jpg',
  coverSrcSet: '',
  startLocation: 'Aspen, USA',
  nextDate: null,
  stops: 2,
  maxGroupSize: 10,
  price: '$997',
  ratingsAverage: '4.5',
  ratingsQuantity: 4,
};

export const forestHikerDetail: TourDetail = {
  ...forestHiker,
  description:
    'Ut enim ad minim veniam, quis nostrud exercitation ullamco laboris nisi ut aliquip ex ea commodo consequat.\nExcepteur sint occaecat cupidatat non proident, sunt in culpa qui officia deserunt mollit anim id est laborum.',
  timeZone: 'America/Edmonton',
  pictures: [
    { src: '/img/tours/tour-1-1.jpg', srcSet: '' },
    { src: '/img/tours/tour-1-2.jpg', srcSet: '' },
    {
      src: '/img/tours/aa1b2c3d4e5f60718293a4b5c6d7e8f9.jpg',
      srcSet:
        '/img/tours/aa1b2c3d4e5f60718293a4b5c6d7e8f9-480.jpg 480w, /img/tours/aa1b2c3d4e5f60718293a4b5c6d7e8f9-960.jpg 960w, /img/tours/aa1b2c3d4e5f60718293a4b5c6d7e8f9.jpg 1600w',
    },
  ],
  guides: [
    { name: 'Miyah Myles', role: 'lead-guide', roleLabel: 'Lead guide', photo: '/img/users/user-12.jpg' },
    { name: 'Jennifer Hardy', role: 'guide', roleLabel: 'Tour guide', photo: '/img/users/user-6.jpg' },
  ],
  locations: [
    { coordinates: [-116.214531, 51.417611], day: 1, description: 'Banff National Park' },
    { coordinates: [-118.076152, 52.875223], day: 3, description: 'Jasper National Park' },
    // Text, never HTML: this must show literally in the popup.
    { coordinates: [-117.490309, 51.261937], day: 5, description: 'Glacier <b>National</b> Park & "Lakes"' },
  ],
  startDates: [
    { date: '2027-04-25', label: 'Sun 25 April 2027', startTime: '09:00 MDT (America/Edmonton)', meetingPoint: '', seatsLeft: 0, bookable: false },
    {
      date: '2027-06-15',
      label: 'Tue 15 June 2027',
      startTime: '08:30 MDT (America/Edmonton)',
      meetingPoint: 'Banff visitor centre',
      seatsLeft: 7,
      bookable: true,
    },
    { date: '2027-10-06', label: 'Wed 6 October 2027', startTime: '09:00 MDT (America/Edmonton)', meetingPoint: '', seatsLeft: 25, bookable: true },
  ],
  reviews: [
    {
      id: 'r-1',
      text: 'Cras mollis nisi parturient mi nec aliquet suspendisse sagittis eros condimentum scelerisque taciti mattis praesent feugiat eu nascetur a tincidunt',
      rating: 5,
      userName: 'Sophie Louise Hart',
      userPhoto: '/img/users/user-3.jpg',
    },
    {
      id: 'r-2',
      text: 'Tempus curabitur faucibus auctor bibendum duis gravida tincidunt litora himenaeos facilisis vivamus vehicula potenti semper fusce suspendisse sagittis!',
      rating: 4,
      userName: 'Ayla Cornell',
      userPhoto: '/img/users/user-16.jpg',
    },
  ],
};

/** Back-office users: the operator and a guide (who sees the back office read-only). */
export const admin: SessionUser = {
  id: 'u-5c8a1d5a',
  name: 'Laura Wilson',
  email: 'laura@example.com',
  photo: '/img/users/user-2.jpg',
  role: 'admin',
};

export const guide: SessionUser = {
  id: 'u-5c8a21d0',
  name: 'Jennifer Hardy',
  email: 'jennifer@example.com',
  photo: '/img/users/user-6.jpg',
  role: 'guide',
};

export const forestHikerAdmin: AdminTour = {
  id: 't-5c88fa8c',
  version: 7,
  status: 'published',
  name: 'The Forest Hiker',
  slug: 'the-forest-hiker',
  summary: forestHiker.summary,
  description: forestHikerDetail.description,
  difficulty: 'easy',
  durationDays: 5,
  maxGroupSize: 25,
  price: 39700,
  priceDiscount: 0,
  currency: 'usd',
  timeZone: 'America/Edmonton',
  startLocation: { coordinates: [-115.570154, 51.178456], description: 'Banff, CAN' },
  locations: forestHikerDetail.locations,
  guides: ['u-5c8a22c8', 'u-5c8a21d0'],
  cover: { file: 'tour-1-cover.jpg', url: '/img/tours/tour-1-cover.jpg' },
  pictures: [
    { file: 'tour-1-1.jpg', url: '/img/tours/tour-1-1.jpg' },
    { file: 'tour-1-2.jpg', url: '/img/tours/tour-1-2.jpg' },
    { file: 'tour-1-3.jpg', url: '/img/tours/tour-1-3.jpg' },
  ],
  departures: [
    {
      date: '2027-04-25',
      label: 'Sun 25 April 2027',
      startTime: '09:00',
      startTimeLabel: '09:00 MDT (America/Edmonton)',
      capacity: 25,
      taken: 25,
      seatsLeft: 0,
      meetingPoint: 'Banff Visitor Centre',
      closed: false,
      past: true,
      hasBookings: true,
    },
    {
      date: '2027-06-15',
      label: 'Tue 15 June 2027',
      startTime: '09:00',
      startTimeLabel: '09:00 MDT (America/Edmonton)',
      capacity: 25,
      taken: 18,
      seatsLeft: 7,
      meetingPoint: 'Banff Visitor Centre',
      closed: false,
      past: false,
      hasBookings: true,
    },
    {
      date: '2027-10-06',
      label: 'Wed 6 October 2027',
      startTime: '08:30',
      startTimeLabel: '08:30 MDT (America/Edmonton)',
      capacity: 25,
      taken: 0,
      seatsLeft: 25,
      meetingPoint: '',
      closed: true,
      past: false,
      hasBookings: false,
    },
  ],
  publicUrl: '/tour/the-forest-hiker',
};

const adminTourProps: PageProps['adminTour'] = {
  tour: forestHikerAdmin,
  guides: [
    { id: 'u-5c8a22c8', name: 'Miyah Myles', roleLabel: 'Lead guide' },
    { id: 'u-5c8a21d0', name: 'Jennifer Hardy', roleLabel: 'Tour guide' },
    { id: 'u-5c8a1f4e', name: 'Kate Morrison', roleLabel: 'Tour guide' },
  ],
  timeZones: ['America/Edmonton', 'America/New_York', 'Atlantic/Reykjavik', 'Europe/Paris'],
  currencies: ['usd', 'eur', 'gbp'],
  canEdit: true,
};

/** One sample per page; the tour, account and my-tours samples are signed in. */
export const fixtures: { [P in PageName]: PageData<P> } = {
  overview: { page: 'overview', site, user: null, props: { tours: [forestHiker, seaExplorer, snowAdventurer] } },
  tour: { page: 'tour', site, user, props: { tour: forestHikerDetail } },
  login: { page: 'login', site, user: null, props: {} },
  signup: { page: 'signup', site, user: null, props: {} },
  account: { page: 'account', site, user, props: {} },
  myTours: {
    page: 'myTours',
    site,
    user,
    props: {
      bookings: [
        {
          id: 'b-1',
          tour: forestHiker,
          date: 'Tue 15 June 2027',
          participants: 2,
          amount: '$794.00',
          status: 'paid',
          statusLabel: 'Paid',
        },
        {
          id: 'b-2',
          tour: seaExplorer,
          date: 'Thu 8 July 2027',
          participants: 1,
          amount: '$497.00',
          status: 'pending',
          statusLabel: 'Awaiting payment',
        },
      ],
    },
  },
  adminTours: {
    page: 'adminTours',
    site,
    user: admin,
    props: {
      tours: [
        {
          id: 't-5c88fa8c',
          slug: 'the-forest-hiker',
          name: 'The Forest Hiker',
          status: 'published',
          statusLabel: 'Published',
          price: '$397',
          upcomingDepartures: 2,
          nextDeparture: 'Tue 15 June 2027',
        },
        {
          id: 't-5c88fa8d',
          slug: 'the-sea-explorer',
          name: 'The Sea Explorer',
          status: 'draft',
          statusLabel: 'Draft',
          price: '$497',
          upcomingDepartures: 0,
          nextDeparture: null,
        },
        {
          id: 't-5c88fa8e',
          slug: 'the-snow-adventurer',
          name: 'The Snow Adventurer',
          status: 'archived',
          statusLabel: 'Archived',
          price: '$997',
          upcomingDepartures: 0,
          nextDeparture: null,
        },
      ],
      query: '',
      status: '',
      canEdit: true,
    },
  },
  adminTour: { page: 'adminTour', site, user: admin, props: adminTourProps },
  error: {
    page: 'error',
    site,
    user: null,
    props: { status: 404, title: 'Page not found', message: 'There is no tour with that name.' },
  },
};

export const allFixtures: PageData[] = Object.values(fixtures);

/** The tour page as a signed-out visitor sees it. */
export const tourSignedOut: PageData<'tour'> = { ...fixtures.tour, user: null };

/** /admin/tours/new */
export const adminTourNew: PageData<'adminTour'> = { ...fixtures.adminTour, props: { ...adminTourProps, tour: null } };

/** A tour as one of its guides sees it: read-only. */
export const adminTourGuideView: PageData<'adminTour'> = {
  ...fixtures.adminTour,
  user: guide,
  props: { ...adminTourProps, canEdit: false },
};

/** The tours list as a guide sees it. */
export const adminToursGuideView: PageData<'adminTours'> = {
  ...fixtures.adminTours,
  user: guide,
  props: { ...fixtures.adminTours.props, canEdit: false },
};

/** The pages' variants that the per-page checks (hydration, axe, server bundle) cover too. */
export const variantFixtures: PageData[] = [tourSignedOut, adminTourNew, adminTourGuideView, adminToursGuideView];
