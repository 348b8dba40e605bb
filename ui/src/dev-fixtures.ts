// Realistic PageData for every page: used by tests and for previews. Mirrors what the Go
// page handlers send (formatted prices and dates, complete image URLs).
import type {
  AdminBookingDetail,
  BookingChangeOptions,
  AdminTour,
  CalendarDay,
  BookingCollect,
  CancelResult,
  MyBooking,
  PageData,
  PageName,
  PageProps,
  ReceiptLink,
  SessionUser,
  SiteConfig,
  TourCard,
  TourDetail,
  WaitlistPlace,
} from './props';

export const site: SiteConfig = {
  name: 'Tourbook',
  shortName: 'Tourbook',
  logo: '',
  contactEmail: '',
  contactPhone: '',
  address: [],
  tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
  tileAttribution:
    '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
};

export const user: SessionUser = {
  id: 'u-5c8a1d5b',
  name: 'Laura Wilson',
  email: 'laura@example.com',
  photo: '/img/users/user-2.jpg',
  photoSrcSet: '',
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
    { name: 'Miyah Myles', role: 'lead-guide', roleLabel: 'Lead guide', photo: '/img/users/user-12.jpg', photoSrcSet: '' },
    { name: 'Jennifer Hardy', role: 'guide', roleLabel: 'Tour guide', photo: '/img/users/user-6.jpg', photoSrcSet: '' },
  ],
  locations: [
    { coordinates: [-116.214531, 51.417611], day: 1, description: 'Banff National Park' },
    { coordinates: [-118.076152, 52.875223], day: 3, description: 'Jasper National Park' },
    // Text, never HTML: this must show literally in the popup.
    { coordinates: [-117.490309, 51.261937], day: 5, description: 'Glacier <b>National</b> Park & "Lakes"' },
  ],
  startDates: [
    { date: '2027-04-25', label: 'Sun 25 April 2027', startTime: '09:00 MDT (America/Edmonton)', meetingPoint: '', seatsLeft: 0, bookable: false, prices: [39700], balanceDue: '' },
    {
      date: '2027-06-15',
      label: 'Tue 15 June 2027',
      startTime: '08:30 MDT (America/Edmonton)',
      meetingPoint: 'Banff visitor centre',
      seatsLeft: 7,
      bookable: true,
      prices: [39700],
      balanceDue: '',
    },
    {
      date: '2027-10-06',
      label: 'Wed 6 October 2027',
      startTime: '09:00 MDT (America/Edmonton)',
      meetingPoint: '',
      seatsLeft: 25,
      bookable: true,
      prices: [39700],
      balanceDue: '',
    },
  ],
  reviews: [
    {
      id: 'r-1',
      text: 'Cras mollis nisi parturient mi nec aliquet suspendisse sagittis eros condimentum scelerisque taciti mattis praesent feugiat eu nascetur a tincidunt',
      rating: 5,
      userName: 'Sophie Louise Hart',
      userPhoto: '/img/users/user-3.jpg',
      userPhotoSrcSet: '',
      date: 'Mon 3 May 2027',
      edited: false,
    },
    {
      id: 'r-2',
      text: 'Tempus curabitur faucibus auctor bibendum duis gravida tincidunt litora himenaeos facilisis vivamus vehicula potenti semper fusce suspendisse sagittis!',
      rating: 4,
      userName: 'Ayla Cornell',
      userPhoto: '/img/users/user-16.jpg',
      userPhotoSrcSet: '',
      date: 'Sat 1 May 2027',
      edited: true,
    },
  ],
  reviewPage: 1,
  reviewPages: 1,
  reviewPageSize: 5,
  cancellationPolicy: [
    { when: '30 days or more before departure', refund: 'Full refund' },
    { when: '7 to 29 days before departure', refund: '50% refund' },
    { when: 'Less than 7 days before departure', refund: 'No refund' },
  ],
  booking: {
    currency: 'usd',
    categories: [{ id: 'adult', name: 'Adult', price: '$397', ages: '', takesSeat: true, min: 0, max: 0, onlyWith: '' }],
    extras: [],
    travellers: '',
    questions: [],
    deposit: null,
  },
};

/**
 * A family tour (issue #23): adults, children only with an adult, infants on a lap; a
 * wetsuit per traveller; every traveller's name, a dietary need each and a pick-up hotel.
 * Its October date has its own adult price.
 */
export const familyTourDetail: TourDetail = {
  ...forestHikerDetail,
  id: 't-5c88fa8f',
  slug: 'the-family-coast',
  name: 'The Family Coast',
  startDates: [
    { ...forestHikerDetail.startDates[1]!, prices: [9900, 4900, 0] },
    { ...forestHikerDetail.startDates[2]!, prices: [12900, 4900, 0] },
  ],
  booking: {
    currency: 'eur',
    categories: [
      { id: 'adult', name: 'Adult', price: 'from €99', ages: '', takesSeat: true, min: 0, max: 0, onlyWith: '' },
      { id: 'child', name: 'Child', price: '€49', ages: 'Ages 4–11', takesSeat: true, min: 0, max: 0, onlyWith: 'adult' },
      { id: 'infant', name: 'Infant', price: 'Free', ages: 'Ages 0–3', takesSeat: false, min: 0, max: 2, onlyWith: 'adult' },
    ],
    extras: [
      { id: 'wetsuit', name: 'Wetsuit', description: 'Sizes from 4 years', perTraveller: true, priceMinor: 1500, price: '€15', max: 6 },
    ],
    travellers: 'all',
    questions: [
      { id: 'diet', label: 'Dietary needs', type: 'choice', options: ['None', 'Vegetarian', 'Vegan', 'Gluten-free'], required: true, perTraveller: true },
      { id: 'hotel', label: 'Pick-up hotel', help: 'Where we collect you, if not at the harbour', type: 'text', required: false, perTraveller: false },
    ],
    deposit: null,
  },
};

/** Back-office users: the operator and a guide (who sees the back office read-only). */
export const admin: SessionUser = {
  id: 'u-5c8a1d5a',
  name: 'Laura Wilson',
  email: 'laura@example.com',
  photo: '/img/users/user-2.jpg',
  photoSrcSet: '',
  role: 'admin',
};

export const leadGuide: SessionUser = {
  id: 'u-5c8a22c8',
  name: 'Miyah Myles',
  email: 'miyah@example.com',
  photo: '/img/users/user-12.jpg',
  photoSrcSet: '',
  role: 'lead-guide',
};

export const guide: SessionUser = {
  id: 'u-5c8a21d0',
  name: 'Jennifer Hardy',
  email: 'jennifer@example.com',
  photo: '/img/users/user-6.jpg',
  photoSrcSet: '',
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
  taxRate: 1250,
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
      cancelled: false,
      manifestUrl: '/admin/tours/t-5c88fa8c/departures/2027-06-15',
      closed: false,
      past: true,
      hasBookings: true,
      prices: {},
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
      cancelled: false,
      manifestUrl: '/admin/tours/t-5c88fa8c/departures/2027-06-15',
      closed: false,
      past: false,
      hasBookings: true,
      prices: {},
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
      cancelled: false,
      manifestUrl: '/admin/tours/t-5c88fa8c/departures/2027-10-06',
      closed: true,
      past: false,
      hasBookings: false,
      prices: {},
    },
  ],
  publicUrl: '/tour/the-forest-hiker',
  cancellationPolicy: [
    { daysBefore: 30, percent: 100 },
    { daysBefore: 7, percent: 50 },
    { daysBefore: 0, percent: 0 },
  ],
  priceCategories: [
    { id: 'adult', name: 'Adult', price: 39700, minAge: 0, maxAge: 0, takesSeat: true, min: 0, max: 0, onlyWith: '' },
    { id: 'child', name: 'Child', price: 19900, minAge: 6, maxAge: 15, takesSeat: true, min: 0, max: 0, onlyWith: 'adult' },
  ],
  extras: [{ id: 'bear-spray', name: 'Bear spray', description: '', price: 2500, per: 'booking', stock: 0 }],
  travellers: 'lead',
  questions: [
    { id: 'q1', label: 'Dietary needs', help: 'Allergies too', type: 'text', options: [], required: false, perTraveller: true, categories: [] },
  ],
  answersCutoffHours: 0,
  deposit: { kind: '', percent: 0, amount: 0, balanceDays: 0 },
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

// ---- Back office, part 2 ----

const adminDashboardProps: PageProps['adminDashboard'] = {
  departures: [
    {
      tourId: 't-5c88fa8c',
      tourName: 'The Forest Hiker',
      date: '2027-06-15',
      label: 'Tue 15 June 2027',
      startTimeLabel: '09:00 MDT (America/Edmonton)',
      capacity: 25,
      sold: 16,
      held: 2,
      left: 7,
      closed: false,
      status: 'open',
      statusLabel: 'Open',
      meetingPoint: 'Banff Visitor Centre',
      checkedIn: 0,
      manifestUrl: '/admin/tours/t-5c88fa8c/departures/2027-06-15',
      checkInUrl: '/admin/tours/t-5c88fa8c/departures/2027-06-15/check-in',
    },
    {
      tourId: 't-5c88fa8d',
      tourName: 'The Sea Explorer',
      date: '2027-07-08',
      label: 'Thu 8 July 2027',
      startTimeLabel: '08:30 EDT (America/New_York)',
      capacity: 15,
      sold: 15,
      held: 0,
      left: 0,
      closed: false,
      status: 'full',
      statusLabel: 'Full',
      meetingPoint: '',
      checkedIn: 0,
      manifestUrl: '/admin/tours/t-5c88fa8d/departures/2027-07-08',
      checkInUrl: '/admin/tours/t-5c88fa8d/departures/2027-07-08/check-in',
    },
    {
      tourId: 't-5c88fa8c',
      tourName: 'The Forest Hiker',
      date: '2027-10-06',
      label: 'Wed 6 October 2027',
      startTimeLabel: '08:30 MDT (America/Edmonton)',
      capacity: 25,
      sold: 0,
      held: 0,
      left: 25,
      closed: true,
      status: 'closed',
      statusLabel: 'Closed',
      meetingPoint: 'Banff Visitor Centre',
      checkedIn: 0,
      manifestUrl: '/admin/tours/t-5c88fa8c/departures/2027-10-06',
      checkInUrl: '/admin/tours/t-5c88fa8c/departures/2027-10-06/check-in',
    },
  ],
  sales: { bookings30d: 42, revenue30d: '$18,455.00', refundDue: 1 },
  calendarUrl: '/admin/calendar',
  checklist: [
    { key: 'settings', label: 'Your business’s name and details', done: true, detail: 'Set: Fjord & Fell Tours', url: '/admin/settings' },
    { key: 'terms', label: 'Terms of booking', done: false, detail: 'Not written yet', url: '/admin/legal' },
    { key: 'tour', label: 'Your first tour, published', done: true, detail: '3 tours published', url: '/admin/tours/new' },
    { key: 'departure', label: 'A departure to book', done: true, detail: '12 departures to come', url: '/admin/tours' },
    { key: 'payments', label: 'Card payments', done: false, detail: 'Sandbox: test cards only, no money is taken', url: '' },
    { key: 'email', label: 'Email to your customers', done: false, detail: 'No SMTP server: emails are held in the outbox', url: '' },
  ],
  collect: {
    overdue: [],
    awaiting: [
      {
        bookingId: 'b-7e21c0b1',
        url: '/admin/bookings/b-7e21c0b1',
        tourName: 'The Forest Hiker',
        customerName: 'Ines Duarte',
        departure: 'Tue 15 June 2027',
        due: '€2,580.00',
        methodLabel: 'Bank transfer',
      },
    ],
    owed: [
      {
        bookingId: 'b-7e21c0a2',
        url: '/admin/bookings/b-7e21c0a2',
        tourName: 'The Sea Explorer',
        customerName: 'Aarav Lynn',
        amount: '$497.00',
        methodLabel: 'Cash',
        since: 'Fri 30 April 2027, 17:25 UTC',
      },
    ],
  },
};

const adminBookingsProps: PageProps['adminBookings'] = {
  bookings: [
    {
      id: 'b-7e21c0a4',
      reference: 'TB-7KQ4M2',
      tourName: 'The Forest Hiker',
      date: 'Tue 15 June 2027',
      customerName: 'Laura Wilson',
      customerEmail: 'laura@example.com',
      participants: 2,
      seatsLabel: '',
      amount: '$794.00',
      status: 'paid',
      statusLabel: 'Paid',
      sourceLabel: 'Online',
      createdAt: 'Mon 3 May 2027, 14:05 UTC',
      balanceOverdue: false,
    },
    {
      id: 'b-7e21c0a3',
      reference: 'TB-H3WX9P',
      tourName: 'The Forest Hiker',
      date: 'Tue 15 June 2027',
      customerName: 'Ben Hadley',
      customerEmail: 'ben@example.com',
      participants: 3,
      seatsLabel: '4 travellers · 3 seats',
      amount: '$1,191.00',
      status: 'refund_due',
      statusLabel: 'Refund due',
      sourceLabel: 'Online',
      createdAt: 'Sun 2 May 2027, 09:41 UTC',
      balanceOverdue: false,
    },
    {
      id: 'b-7e21c0a2',
      reference: 'TB-5RCN2D',
      tourName: 'The Sea Explorer',
      date: 'Thu 8 July 2027',
      customerName: 'Aarav Lynn',
      customerEmail: 'aarav@example.com',
      participants: 1,
      seatsLabel: '',
      amount: '$497.00',
      status: 'refunded',
      statusLabel: 'Refunded',
      sourceLabel: 'Cash',
      createdAt: 'Fri 30 April 2027, 17:20 UTC',
      balanceOverdue: false,
    },
    {
      id: 'b-7e21c0a1',
      reference: 'TB-Q8ZT4F',
      tourName: 'The Sea Explorer',
      date: 'Thu 8 July 2027',
      customerName: 'Lisa Brown',
      customerEmail: 'lisa@example.com',
      participants: 2,
      seatsLabel: '',
      amount: '$994.00',
      status: 'pending',
      statusLabel: 'Awaiting payment',
      sourceLabel: 'Online',
      createdAt: 'Fri 30 April 2027, 08:02 UTC',
      balanceOverdue: false,
    },
  ],
  filters: { tour: '', date: '', status: '', email: '', from: '', to: '', q: '' },
  tours: [
    { id: 't-5c88fa8c', name: 'The Forest Hiker' },
    { id: 't-5c88fa8d', name: 'The Sea Explorer' },
    { id: 't-5c88fa8e', name: 'The Snow Adventurer' },
  ],
  paging: { page: 1, total: 54, hasPrev: false, hasNext: true },
  message: '',
};

/** New booking from a departure's row: the tour and the departure chosen. */
export const newBookingProps: PageProps['adminNewBooking'] = {
  tours: [
    {
      id: 't-5c88fa8c',
      name: 'The Forest Hiker',
      currency: 'usd',
      currencyDigits: 2,
      unitPriceMinor: 49700,
      unitPrice: '$497.00',
      maxGroupSize: 10,
      today: '2027-05-03',
      departures: [
        { date: '2027-06-15', label: 'Tue 15 June 2027', startTimeLabel: '09:00 MDT (America/Edmonton)', left: 6, unitPriceMinor: 49700, closed: false },
        { date: '2027-07-20', label: 'Tue 20 July 2027', startTimeLabel: '09:00 MDT (America/Edmonton)', left: 1, unitPriceMinor: 59700, closed: true },
      ],
    },
    {
      id: 't-5c88fa8e',
      name: 'The Snow Adventurer',
      currency: 'jpy',
      currencyDigits: 0,
      unitPriceMinor: 99700,
      unitPrice: '¥99,700',
      maxGroupSize: 4,
      today: '2027-05-04',
      departures: [],
    },
  ],
  tour: 't-5c88fa8c',
  date: '2027-06-15',
};

/** A paid booking's money: nothing due. */
export const paidCollect: BookingCollect = {
  price: '$794.00',
  received: '$794.00',
  due: '$0.00',
  dueMinor: 0,
  currency: 'usd',
  canCollect: false,
  today: '2027-05-20',
  payments: [],
  balanceDue: '',
  balanceOverdue: false,
  giftCard: null,
};

/** A phone booking awaiting payment by bank transfer, part of it received. */
export const awaitingCollect: BookingCollect = {
  price: '€2,580.00',
  received: '€580.00',
  due: '€2,000.00',
  dueMinor: 200000,
  currency: 'eur',
  canCollect: true,
  today: '2027-05-20',
  balanceDue: '',
  balanceOverdue: false,
  giftCard: null,
  payments: [
    {
      id: 'p-1',
      amount: '€580.00',
      methodLabel: 'Bank transfer',
      status: 'received',
      statusLabel: 'Received',
      receivedOn: 'Tue 18 May 2027',
      reference: 'TRX-4411',
      at: 'Tue 18 May 2027, 09:12 UTC',
    },
  ],
};

/** A paid online booking, partly refunded once already: it can still be cancelled. */
export const paidBooking: AdminBookingDetail = {
  id: 'b-7e21c0a4',
  reference: 'TB-7KQ4M2',
  tour: { id: 't-5c88fa8c', name: 'The Forest Hiker', slug: 'the-forest-hiker' },
  departure: {
    date: '2027-06-15',
    label: 'Tue 15 June 2027',
    startTimeLabel: '09:00 MDT (America/Edmonton)',
    manifestUrl: '/admin/tours/t-5c88fa8c/departures/2027-06-15',
  },
  customer: { id: 'u-5c8a1d5b', name: 'Laura Wilson', email: 'laura@example.com' },
  participants: 2,
  travelling: 2,
  seatsLabel: '2 travellers',
  lines: [{ name: 'Adult', quantity: 2, price: '$397.00', amount: '$794.00', extra: false }],
  travellerDetails: [],
  answers: [],
  amount: '$794.00',
  amountMinor: 79400,
  refunded: '$100.00',
  paid: '$794.00',
  due: '',
  contactName: '',
  contactEmail: '',
  contactPhone: '',
  currency: 'usd',
  provider: 'stripe',
  checkoutId: 'cs_test_a1B2c3D4e5F6',
  paymentRef: 'pi_3PqR8s2eZvKYlo2C1x9yZ',
  sourceLabel: 'Online',
  status: 'paid',
  statusLabel: 'Paid',
  createdAt: 'Mon 3 May 2027, 14:05 UTC',
  termsVersion: 2,
  termsUrl: '/terms/v/2',
  termsAcceptedAt: 'Mon 3 May 2027, 14:05 UTC',
  paidAt: 'Mon 3 May 2027, 14:07 UTC',
  history: [
    { at: 'Mon 3 May 2027, 14:05 UTC', label: 'Booked', actor: 'Customer', detail: '' },
    { at: 'Mon 3 May 2027, 14:07 UTC', label: 'Paid', actor: 'System', detail: 'stripe pi_3PqR8s2eZvKYlo2C1x9yZ' },
    { at: 'Tue 11 May 2027, 10:30 UTC', label: 'Refunded $100.00', actor: 'Laura Wilson', detail: 'Goodwill: the pick-up was late' },
  ],
  refunds: [{ id: 'rf-1', amount: '$100.00', status: 'succeeded', at: 'Tue 11 May 2027, 10:30 UTC', error: '' }],
  cancellable: true,
  refundableMinor: 69400,
  travellers: [],
  phone: '',
  notes: '',
  priceNote: '',
  payBy: '',
  changeable: true,
};

/** The change and refund forms' choices for paidBooking. */
export const bookingChangeOptions: BookingChangeOptions = {
  departures: [
    { date: '2027-06-15', label: 'Tue 15 June 2027, 09:00 MDT (America/Edmonton)', seatsLeft: 3 },
    { date: '2027-06-17', label: 'Thu 17 June 2027, 09:00 MDT (America/Edmonton)', seatsLeft: 1 },
  ],
  maxTravellers: 10,
  suggestedRefundMinor: 39700,
  suggestedRefund: '$397.00',
  suggestedRefundNote: 'Its cancellation policy refunds 50% 12 days before departure.',
  refundWay: 'to the card',
};

/** Cancelled by the site when the provider refused the refund: money still owed. */
export const refundDueBooking: AdminBookingDetail = {
  ...paidBooking,
  id: 'b-7e21c0a3',
  reference: 'TB-H3WX9P',
  customer: { id: 'u-5c8a1d6c', name: 'Ben Hadley', email: 'ben@example.com' },
  participants: 3,
  // A family: the infant travels on a lap, without a seat.
  travelling: 4,
  seatsLabel: '4 travellers · 3 seats',
  lines: [
    { name: 'Adult', quantity: 2, price: '$497.00', amount: '$994.00', extra: false },
    { name: 'Child', quantity: 1, price: '$167.00', amount: '$167.00', extra: false },
    { name: 'Infant', quantity: 1, price: '$0.00', amount: '$0.00', extra: false },
    { name: 'Wetsuit', quantity: 2, price: '$15.00', amount: '$30.00', extra: true },
  ],
  travellerDetails: [
    {
      index: 1, categoryId: 'adult', category: 'Adult', name: 'Ben Hadley', phone: '+1 403 555 0100', seat: true,
      answers: [{ questionId: 'diet', label: 'Dietary needs', type: 'choice', traveller: 1, value: 'Vegetarian', text: 'Vegetarian' }],
    },
    {
      index: 2, categoryId: 'adult', category: 'Adult', name: 'Maya Hadley', phone: '', seat: true,
      answers: [{ questionId: 'diet', label: 'Dietary needs', type: 'choice', traveller: 2, value: 'None', text: 'None' }],
    },
    {
      index: 3, categoryId: 'child', category: 'Child', name: 'Leo Hadley', phone: '', seat: true,
      answers: [{ questionId: 'diet', label: 'Dietary needs', type: 'choices', traveller: 3, value: 'Nuts\nGluten', text: 'Nuts, Gluten' }],
    },
    { index: 4, categoryId: 'infant', category: 'Infant', name: 'Ivy Hadley', phone: '', seat: false, answers: [] },
  ],
  answers: [{ questionId: 'hotel', label: 'Pick-up hotel', type: 'text', traveller: 0, value: 'Fairmont Banff Springs', text: 'Fairmont Banff Springs' }],
  amount: '$1,191.00',
  amountMinor: 119100,
  refunded: '$0.00',
  paid: '$794.00',
  due: '',
  contactName: '',
  contactEmail: '',
  contactPhone: '',
  checkoutId: 'cs_test_z9Y8x7W6',
  paymentRef: 'pi_3PqR8s2eZvKYlo2C0a1bC',
  status: 'refund_due',
  statusLabel: 'Refund due',
  createdAt: 'Sun 2 May 2027, 09:41 UTC',
  paidAt: 'Sun 2 May 2027, 09:44 UTC',
  history: [
    { at: 'Sun 2 May 2027, 09:41 UTC', label: 'Booked', actor: 'Customer', detail: '' },
    { at: 'Sun 2 May 2027, 09:44 UTC', label: 'Paid', actor: 'System', detail: '' },
    { at: 'Fri 14 May 2027, 16:02 UTC', label: 'Refund failed', actor: 'Miyah Myles', detail: 'Card expired (stripe: charge_expired_for_refund)' },
  ],
  refunds: [
    { id: 'rf-2', amount: '$1,191.00', status: 'failed', at: 'Fri 14 May 2027, 16:02 UTC', error: 'Card expired (stripe: charge_expired_for_refund)' },
  ],
  cancellable: true,
  refundableMinor: 119100,
  changeable: true,
};

/** A cash walk-in, refunded in full: nothing left to do. */
export const refundedBooking: AdminBookingDetail = {
  ...paidBooking,
  id: 'b-7e21c0a2',
  reference: 'TB-5RCN2D',
  tour: { id: 't-5c88fa8d', name: 'The Sea Explorer', slug: 'the-sea-explorer' },
  departure: {
    date: '2027-07-08',
    label: 'Thu 8 July 2027',
    startTimeLabel: '08:30 EDT (America/New_York)',
    manifestUrl: '/admin/tours/t-5c88fa8d/departures/2027-07-08',
  },
  customer: { id: 'u-5c8a1d7d', name: 'Aarav Lynn', email: 'aarav@example.com' },
  participants: 1,
  amount: '$497.00',
  amountMinor: 49700,
  refunded: '$497.00',
  paid: '$794.00',
  due: '',
  contactName: '',
  contactEmail: '',
  contactPhone: '',
  provider: '',
  checkoutId: '',
  paymentRef: '',
  sourceLabel: 'Cash',
  status: 'refunded',
  statusLabel: 'Refunded',
  createdAt: 'Fri 30 April 2027, 17:20 UTC',
  paidAt: 'Fri 30 April 2027, 17:20 UTC',
  history: [
    { at: 'Fri 30 April 2027, 17:20 UTC', label: 'Recorded (cash)', actor: 'Laura Wilson', detail: '' },
    { at: 'Mon 10 May 2027, 12:00 UTC', label: 'Cancelled, refunded $497.00', actor: 'Laura Wilson', detail: 'Customer ill' },
  ],
  refunds: [],
  cancellable: false,
  refundableMinor: 0,
  changeable: false,
};

const adminCheckInProps: PageProps['adminCheckIn'] = {
  categories: '4 Adult',
  tour: { id: 't-5c88fa8c', name: 'The Forest Hiker' },
  departure: {
    date: '2027-06-15',
    label: 'Tue 15 June 2027',
    startTimeLabel: '09:00 MDT (America/Edmonton)',
    meetingPoint: 'Banff Visitor Centre',
    capacity: 25,
    closed: false,
    cancelled: false,
    past: false,
  },
  manifestUrl: '/admin/tours/t-5c88fa8c/departures/2027-06-15',
  opens: '',
  rows: [
    {
      bookingId: 'b-7e21c0a4',
      customerName: 'Laura Wilson',
      participants: 2,
      checkIn: {
        arrived: 2,
        noShow: false,
        at: '08:42',
        by: 'Kwame Mensah',
        label: '2 of 2 arrived',
        text: 'Already checked in at 08:42 by Kwame Mensah: 2 of 2 arrived.',
      },
      phone: '',
    },
    // Text, never HTML.
    { bookingId: 'b-7e21c0a5', customerName: 'Jo <b>Bold</b> & Sons', participants: 4, checkIn: null, phone: '+351 912 345 678' },
  ],
  travellers: 6,
  arrived: 2,
};

const adminManifestProps: PageProps['adminManifest'] = {
  tour: { id: 't-5c88fa8c', name: 'The Forest Hiker' },
  departure: {
    date: '2027-06-15',
    label: 'Tue 15 June 2027',
    startTimeLabel: '09:00 MDT (America/Edmonton)',
    meetingPoint: 'Banff Visitor Centre',
    capacity: 25,
    closed: false,
    cancelled: false,
    past: false,
  },
  rows: [
    {
      bookingId: 'b-7e21c0a4',
      reference: 'TB-7KQ4M2',
      customerName: 'Laura Wilson',
      customerEmail: 'laura@example.com',
      participants: 2,
      status: 'paid',
      statusLabel: 'Paid',
      sourceLabel: 'Online',
      checkIn: {
        arrived: 2,
        noShow: false,
        at: '08:42',
        by: 'Kwame Mensah',
        label: '2 of 2 arrived',
        text: 'Already checked in at 08:42 by Kwame Mensah: 2 of 2 arrived.',
      },
      phone: '',
      notes: '',
      travellers: [],
    },
    {
      bookingId: 'b-7e21c0a5',
      reference: 'TB-M6YB3K',
      // Text, never HTML.
      customerName: 'Jo <b>Bold</b> & Sons',
      customerEmail: 'jo@example.com',
      participants: 4,
      status: 'paid',
      statusLabel: 'Paid',
      sourceLabel: 'Bank transfer',
      checkIn: null,
      phone: '+351 912 345 678',
      notes: 'One vegetarian; <b>bring</b> a rain cover',
      travellers: [],
    },
  ],
  apart: [
    {
      bookingId: 'b-7e21c0a3',
      reference: 'TB-H3WX9P',
      customerName: 'Ben Hadley',
      customerEmail: 'ben@example.com',
      participants: 3,
      status: 'refund_due',
      statusLabel: 'Refund due',
      sourceLabel: 'Online',
      checkIn: null,
      phone: '',
      notes: '',
      travellers: [],
    },
    {
      bookingId: 'b-7e21c0a2',
      reference: 'TB-Q8RT2V',
      customerName: 'Chloe Martin',
      customerEmail: 'chloe@example.com',
      participants: 1,
      status: 'refunded',
      statusLabel: 'Refunded',
      sourceLabel: 'Online',
      checkIn: null,
      phone: '',
      notes: '',
      travellers: [],
    },
  ],
  guides: ['Kwame Mensah', 'Miyu Tanaka'],
  bookings: 2,
  travellers: 6,
  checkedIn: 2,
  categories: '3 Adult',
  columns: [],
  csvUrl: '/admin/tours/t-5c88fa8c/departures/2027-06-15/manifest.csv',
  checkInUrl: '/admin/tours/t-5c88fa8c/departures/2027-06-15/check-in',
  canManage: true,
  waitlist: [
    {
      id: 'w-1',
      customerName: 'Priya Patel',
      customerEmail: 'priya@example.com',
      participants: 2,
      status: 'offered',
      statusLabel: 'Offered, until Mon 14 June 2027, 09:00 MDT (America/Edmonton)',
      joined: 'Sat 1 May 2027, 10:12 MDT (America/Edmonton)',
      passes: 0,
    },
    {
      id: 'w-2',
      customerName: 'Omar <i>Haddad</i>',
      customerEmail: 'omar@example.com',
      participants: 5,
      status: 'waiting',
      statusLabel: 'Waiting',
      joined: 'Sun 2 May 2027, 08:40 MDT (America/Edmonton)',
      passes: 1,
    },
  ],
  waiting: 7,
  moveTo: [{ date: '2027-06-17', label: 'Thu 17 June 2027, 09:00 MDT (America/Edmonton)', seatsLeft: 12 }],
};

/** The traveller's waiting list: an open offer and a place in a queue. */
export const waitlistPlaces: WaitlistPlace[] = [
  {
    id: 'w-1',
    tourName: 'The Forest Hiker',
    tourSlug: 'the-forest-hiker',
    date: '2027-06-15',
    dateLabel: 'Tue 15 June 2027',
    startTime: '09:00 MDT (America/Edmonton)',
    participants: 2,
    status: 'offered',
    position: 0,
    amount: '$794.00',
    offerUntil: 'Mon 14 June 2027, 09:00 MDT (America/Edmonton)',
  },
  {
    id: 'w-2',
    tourName: 'The Sea Explorer',
    tourSlug: 'the-sea-explorer',
    date: '2027-07-08',
    dateLabel: 'Thu 8 July 2027',
    startTime: '10:00 EDT (America/New_York)',
    participants: 3,
    status: 'waiting',
    position: 2,
    amount: '',
    offerUntil: '',
  },
];

/** What cancelling the manifest's departure answers when one refund fails. */
export const cancelResultsWithFailure: CancelResult[] = [
  { bookingId: 'b-7e21c0a4', customerName: 'Laura Wilson', ok: true, moved: false, message: 'Refunded $694.00' },
  { bookingId: 'b-7e21c0a3', customerName: 'Ben Hadley', ok: false, moved: false, message: 'Card expired (stripe: charge_expired_for_refund)' },
  { bookingId: 'b-7e21c0a5', customerName: 'Jo <b>Bold</b> & Sons', ok: true, moved: true, message: 'Moved to Thu 17 June 2027' },
];

const adminUsersProps: PageProps['adminUsers'] = {
  users: [
    { id: 'u-5c8a1d5a', name: 'Laura Wilson', email: 'laura@example.com', role: 'admin', roleLabel: 'Administrator', active: true, deleted: false, dataUrl: '/api/v1/admin/users/u-5c8a1d5a/data' },
    { id: 'u-5c8a22c8', name: 'Miyah Myles', email: 'miyah@example.com', role: 'lead-guide', roleLabel: 'Lead guide', active: true, deleted: false, dataUrl: '/api/v1/admin/users/u-5c8a22c8/data' },
    { id: 'u-5c8a21d0', name: 'Jennifer Hardy', email: 'jennifer@example.com', role: 'guide', roleLabel: 'Tour guide', active: true, deleted: false, dataUrl: '/api/v1/admin/users/u-5c8a21d0/data' },
    { id: 'u-5c8a1d6c', name: 'Ben Hadley', email: 'ben@example.com', role: 'user', roleLabel: 'User', active: false, deleted: false, dataUrl: '/api/v1/admin/users/u-5c8a1d6c/data' },
  ],
  query: '',
  paging: { page: 1, total: 4, hasPrev: false, hasNext: false },
};

const adminReviewsProps: PageProps['adminReviews'] = {
  reviews: [
    {
      id: 'r-1',
      tourName: 'The Forest Hiker',
      tourSlug: 'the-forest-hiker',
      userName: 'Sophie Louise Hart',
      rating: 5,
      text: forestHikerDetail.reviews[0]!.text,
      hidden: false,
      createdAt: 'Sat 1 May 2027',
    },
    {
      id: 'r-9',
      tourName: 'The Sea Explorer',
      tourSlug: 'the-sea-explorer',
      userName: 'Ayla Cornell',
      rating: 1,
      text: 'Buy cheap watches at <a href="http://spam.example">spam.example</a> & more!',
      hidden: true,
      createdAt: 'Thu 29 April 2027',
    },
  ],
  paging: { page: 2, total: 32, hasPrev: true, hasNext: false },
};

/** The paid booking's receipt, on its traveller's page and in the back office. */
const myReceipt: ReceiptLink = {
  id: 'r-42',
  label: 'Receipt 2027-000042',
  amount: '$1,588.00',
  issued: 'Mon 3 May 2027',
  url: '/my-tours/b-1/receipts/r-42',
};
const officeReceipt: ReceiptLink = { ...myReceipt, url: '/admin/bookings/b-7e21c0a3/receipts/r-42' };
const officeCreditNote: ReceiptLink = {
  id: 'r-57',
  label: 'Credit note 2027-000057',
  amount: '-$1,588.00',
  issued: 'Fri 14 May 2027',
  url: '/admin/bookings/b-7e21c0a3/receipts/r-57',
};

const adminReceiptsProps: PageProps['adminReceipts'] = {
  filters: { year: '2027', month: '5' },
  years: ['2027', '2026', '2025'],
  period: 'May 2027',
  documents: [
    {
      id: 'r-42',
      number: '2027-000042',
      kind: 'Receipt',
      refersTo: '',
      issued: 'Mon 3 May 2027',
      customer: 'Þórdís Ægisdóttir',
      tour: 'The Forest Hiker',
      method: 'Card (online)',
      amount: '$1,588.00',
      tax: '$176.44',
      taxRate: '12.5 %',
      bookingId: 'b-7e21c0a3',
      url: '/admin/bookings/b-7e21c0a3/receipts/r-42',
    },
    {
      id: 'r-57',
      number: '2027-000057',
      kind: 'Credit note',
      refersTo: '2027-000042',
      issued: 'Fri 14 May 2027',
      customer: 'Þórdís Ægisdóttir',
      tour: 'The Forest Hiker',
      method: 'Card (online)',
      amount: '-$794.00',
      tax: '-$88.22',
      taxRate: '12.5 %',
      bookingId: 'b-7e21c0a3',
      url: '/admin/bookings/b-7e21c0a3/receipts/r-57',
    },
  ],
  totals: [{ currency: 'USD', receipts: 1, creditNotes: 1, received: '$1,588.00', credited: '$794.00', net: '$794.00', netTax: '$88.22' }],
  csvUrl: '/admin/receipts.csv?month=5&year=2027',
};

const adminAuditProps: PageProps['adminAudit'] = {
  entries: [
    {
      id: 'a-311',
      at: 'Fri 14 May 2027, 16:02 UTC',
      actorName: 'Miyah Myles',
      action: 'booking.cancel',
      objectType: 'booking',
      objectId: 'b-7e21c0a3',
      changes: ['status: paid → refund_due', 'refundedMinor: 0 → 0'],
    },
    {
      id: 'a-310',
      at: 'Tue 11 May 2027, 10:30 UTC',
      actorName: 'Laura Wilson',
      action: 'tour.update',
      objectType: 'tour',
      objectId: 't-5c88fa8c',
      changes: ['price: 37700 → 39700', 'name: The Forest Walker → The Forest Hiker'],
    },
    {
      id: 'a-309',
      at: 'Mon 10 May 2027, 09:00 UTC',
      actorName: 'Laura Wilson',
      action: 'picture.order',
      objectType: 'tour',
      objectId: 't-5c88fa8c',
      changes: [],
    },
  ],
  filters: { actor: '', object: '' },
  paging: { page: 1, total: 311, hasPrev: false, hasNext: true },
};

const adminEmailsProps: PageProps['adminEmails'] = {
  emails: [
    {
      id: 'e-6a1f09c2',
      createdAt: 'Fri 14 May 2027, 16:02 UTC',
      kind: 'booking_cancelled',
      to: 'Jennifer Hardy <jennifer@example.com>',
      subject: 'Your booking of The Forest Hiker is cancelled',
      status: 'held',
      statusLabel: 'Held (no SMTP)',
      attempts: 0,
      lastError: '',
    },
    {
      id: 'e-6a1f09c1',
      createdAt: 'Tue 11 May 2027, 10:30 UTC',
      kind: 'booking_confirmed',
      to: 'ben@example.com',
      subject: 'Your booking of The Sea Explorer is confirmed',
      status: 'failed',
      statusLabel: 'Failed',
      attempts: 3,
      lastError: '550 5.1.1 mailbox unavailable',
    },
    {
      id: 'e-6a1f09c0',
      createdAt: 'Mon 10 May 2027, 09:00 UTC',
      kind: 'password_reset',
      to: 'laura@example.com',
      subject: 'Reset your password',
      status: 'sent',
      statusLabel: 'Sent',
      attempts: 1,
      lastError: '',
    },
  ],
  filters: { status: '', kind: '', to: '' },
  statuses: [
    { value: 'pending', label: 'Pending' },
    { value: 'sending', label: 'Sending' },
    { value: 'sent', label: 'Sent' },
    { value: 'failed', label: 'Failed' },
    { value: 'held', label: 'Held (no SMTP)' },
  ],
  paging: { page: 1, total: 120, hasPrev: false, hasNext: true },
  noticeMode: 'immediate',
  digestAt: '07:00 WEST (Europe/Lisbon)',
  retentionDays: 180,
};

/** An email whose HTML tries a script and a remote image: the sandboxed frame runs and loads neither. */
// A fresh site: nothing typed yet, the defaults shown, no logo.
const adminSettingsProps: PageProps['adminSettings'] = {
  settings: {
    name: '',
    shortName: '',
    colour: '#1f6f50',
    contactEmail: '',
    contactPhone: '',
    address: '',
    legalName: '',
    taxNumber: '',
    currency: 'usd',
    timeZone: 'UTC',
    taxRate: '0',
    headline: '',
    introduction: '',
    logo: null,
  },
  currencies: ['usd', 'eur', 'gbp', 'nok'],
  timeZones: ['UTC', 'Europe/Oslo', 'Europe/London'],
  minContrast: 4.5,
};

const adminEmailProps: PageProps['adminEmail'] = {
  email: {
    ...adminEmailsProps.emails[0]!,
    sentAt: '',
    nextAttemptAt: '',
    resends: 0,
    bodyRemoved: false,
    html: '<p style="color:#55c57a">Hello Jennifer,</p><p>Your booking is cancelled.</p><script>alert(1)</script><img src="https://evil.test/x.png" alt="">',
    text: 'Hello Jennifer,\n\nYour booking is cancelled.',
    attachments: [{ name: 'booking.ics', contentType: 'text/calendar', size: 1234, sizeLabel: '1.2 KB' }],
    history: [{ at: 'Fri 14 May 2027, 16:02 UTC', outcome: 'held', outcomeLabel: 'Held: no SMTP server', error: 'no SMTP server is configured' }],
  },
};

/** A paid booking 12 days before departure: cancelling it now refunds half. */
export const myBooking: MyBooking = {
  id: 'b-1',
  reference: 'TB-9GVE2R',
  tour: {
    name: 'The Forest Hiker',
    slug: 'the-forest-hiker',
    url: '/tour/the-forest-hiker',
    coverImage: '/img/tours/tour-1-cover.jpg',
    coverSrcSet: '',
    durationDays: 5,
  },
  date: 'Tue 15 June 2027',
  startTime: '08:30 MDT (America/Edmonton)',
  timeZone: 'America/Edmonton',
  meetingPoint: 'Banff visitor centre',
  mapUrl: 'https://www.openstreetmap.org/?mlat=51.41761&mlon=-116.21453#map=15/51.41761/-116.21453',
  participants: 2,
  amount: '$794.00',
  refunded: '',
  status: 'paid',
  statusLabel: 'Paid',
  payment: 'Paid by card on Mon 3 May 2027',
  policy: [
    { when: '30 days or more before departure', refund: 'Full refund' },
    { when: '7 to 29 days before departure', refund: '50% refund' },
    { when: 'Less than 7 days before departure', refund: 'No refund' },
  ],
  calendarUrl: '/my-tours/b-1/calendar.ics',
  reviewUrl: '',
  continueUrl: '',
  releaseUrl: '',
  cancel: {
    allowed: true,
    refusal: '',
    refundMinor: 39700,
    refund: '$397.00',
    percent: 50,
    daysBefore: 12,
    tier: '7 to 29 days before departure',
    until: 'Tue 8 June 2027',
  },
  units: [{ name: 'Adult', quantity: 2, price: '$397.00' }],
  extras: [],
  details: {
    ask: '',
    travellers: [
      { index: 1, categoryId: 'adult', category: 'Adult', name: '', phone: '', seat: true },
      { index: 2, categoryId: 'adult', category: 'Adult', name: '', phone: '', seat: true },
    ],
    answers: [],
    questions: [],
    missing: [],
    editable: true,
    editUrl: '/api/v1/my-bookings/b-1/details',
    cutoff: 'Sun 13 June 2027, 09:00 MDT (America/Edmonton)',
    maxName: 100,
    maxText: 200,
    maxLongText: 2000,
  },
  balance: null,
};

/** A family booking on a tour asking every name, a dietary need of adults and children and a pick-up hotel. */
export const familyBooking: MyBooking = {
  ...myBooking,
  participants: 3,
  units: [
    { name: 'Adult', quantity: 2, price: '$397.00' },
    { name: 'Infant', quantity: 1, price: '$0.00' },
  ],
  extras: [{ name: 'Wetsuit', quantity: 2, price: '$15.00' }],
  details: {
    ...myBooking.details,
    ask: 'all',
    travellers: [
      { index: 1, categoryId: 'adult', category: 'Adult', name: 'Ann Berg', phone: '', seat: true },
      { index: 2, categoryId: 'adult', category: 'Adult', name: 'Tom Berg', phone: '', seat: true },
      { index: 3, categoryId: 'infant', category: 'Infant', name: '', phone: '', seat: false },
    ],
    answers: [
      { questionId: 'diet', label: 'Dietary needs', type: 'choice', traveller: 1, value: 'None', text: 'None' },
      { questionId: 'gear', label: 'Gear', type: 'choices', traveller: 0, value: 'Boots\nPoles', text: 'Boots, Poles' },
    ],
    questions: [
      { id: 'gear', label: 'Gear', help: 'We bring what you tick.', type: 'choices', options: ['Boots', 'Poles'], required: false, perTraveller: false, categories: [] },
      { id: 'diet', label: 'Dietary needs', help: '', type: 'choice', options: ['None', 'Vegan'], required: true, perTraveller: true, categories: ['adult'] },
    ],
    missing: ['The name of traveller 3 (Infant)', 'Dietary needs (traveller 2, Adult)'],
  },
};

/** The same booking after its traveller cancelled it. */
export const myBookingCancelled: MyBooking = {
  ...myBooking,
  refunded: '$397.00',
  status: 'refunded',
  statusLabel: 'Cancelled, $397.00 refunded',
  cancel: { ...myBooking.cancel, allowed: false, refusal: 'This booking is already cancelled.' },
};

/** One sample per page; the tour, account and my-tours samples are signed in. */

// ---- The calendar and the guides' first screen ----

const forestJune = adminDashboardProps.departures[0]!;

/** June 2027, Monday first: 31 May to 4 July, with the Forest Hiker on 15 June. */
function juneWeeks(): CalendarDay[][] {
  const weeks: CalendarDay[][] = [];
  const start = Date.UTC(2027, 4, 31);
  for (let w = 0; w < 5; w++) {
    const week: CalendarDay[] = [];
    for (let i = 0; i < 7; i++) {
      const at = new Date(start + (w * 7 + i) * 86_400_000);
      const date = at.toISOString().slice(0, 10);
      week.push({
        date,
        number: at.getUTCDate(),
        label: at.toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).replace(',', ''),
        inMonth: at.getUTCMonth() === 5,
        today: date === '2027-06-02',
        url: `/admin/calendar?day=${date}`,
        departures: date === forestJune.date ? [forestJune] : [],
      });
    }
    weeks.push(week);
  }
  return weeks;
}

const adminCalendarProps: PageProps['adminCalendar'] = {
  view: 'month',
  month: '2027-06',
  monthLabel: 'June 2027',
  day: '',
  dayLabel: '',
  prevUrl: '/admin/calendar?month=2027-05',
  nextUrl: '/admin/calendar?month=2027-07',
  monthUrl: '/admin/calendar?month=2027-06',
  todayUrl: '/admin/calendar',
  weeks: juneWeeks(),
  departures: [forestJune],
  filters: { tour: '', guide: '' },
  tours: [
    { id: 't-5c88fa8c', name: 'The Forest Hiker' },
    { id: 't-5c88fa8d', name: 'The Sea Explorer' },
  ],
  guides: [{ id: 'u-kwame', name: 'Kwame Mensah' }],
};

/** The day view of 15 June 2027. */
export const adminCalendarDay: PageData<'adminCalendar'> = {
  page: 'adminCalendar',
  site,
  user: admin,
  props: {
    ...adminCalendarProps,
    view: 'day',
    day: '2027-06-15',
    dayLabel: 'Tue 15 June 2027',
    prevUrl: '/admin/calendar?day=2027-06-14',
    nextUrl: '/admin/calendar?day=2027-06-16',
    weeks: [],
  },
};

const adminMyDeparturesProps: PageProps['adminMyDepartures'] = {
  departures: [
    { ...forestJune, checkedIn: 5, today: true },
    { ...adminDashboardProps.departures[2]!, status: 'cancelled', statusLabel: 'Cancelled', today: false },
  ],
  dashboardUrl: '',
  calendarUrl: '/admin/calendar',
};

/** /admin/promotions: a percentage code in use and a fixed amount for one tour. */
export const adminPromotionsProps: PageProps['adminPromotions'] = {
  promotions: [
    {
      form: { id: 'p1', code: 'SPRING10', kind: 'percent', percent: 10, amount: '', currency: '', tourIds: [], validFrom: '2027-03-01',
        validUntil: '2027-03-31', departuresFrom: '', departuresUntil: '', maxUses: 100, maxPerCustomer: 1, minTravellers: 0, active: true },
      off: '10 %',
      rules: 'All tours · booked 1 March 2027 to 31 March 2027 · at most 100 uses · 1 per customer',
      uses: 3,
      held: 1,
      given: '$298.20',
    },
  ],
  tours: [{ id: 't1', name: 'The Alps', currency: 'USD' }],
};

/** /admin/legal: terms in two versions, a privacy notice, no imprint yet. */
export const adminLegalProps: PageProps['adminLegal'] = {
  texts: [
    {
      kind: 'terms',
      title: 'Terms of booking',
      path: '/terms',
      markdown: '# Terms of booking\n\n1. **Booking.** A booking is confirmed once it is paid.',
      version: { number: 2, savedAt: 'Mon 3 May 2027, 09:00 UTC', savedBy: 'Kwame Mensah', url: '/terms/v/2' },
    },
    {
      kind: 'privacy',
      title: 'Privacy notice',
      path: '/privacy',
      markdown: '# Privacy notice\n\nWe keep your name and email.',
      version: { number: 1, savedAt: 'Sat 1 May 2027, 10:00 UTC', savedBy: 'Kwame Mensah', url: '/privacy/v/1' },
    },
    { kind: 'imprint', title: 'Imprint', path: '/imprint', markdown: '', version: { number: 0, savedAt: '', savedBy: '', url: '' } },
  ],
  termsVersions: [
    { number: 2, savedAt: 'Mon 3 May 2027, 09:00 UTC', savedBy: 'Kwame Mensah', url: '/terms/v/2' },
    { number: 1, savedAt: 'Sat 1 May 2027, 10:00 UTC', savedBy: 'Kwame Mensah', url: '/terms/v/1' },
  ],
  maxLength: 50000,
};

export const giftCardsProps: PageProps['giftCards'] = {
  amounts: [
    { minor: 5000, label: '$50.00' },
    { minor: 10000, label: '$100.00' },
    { minor: 20000, label: '$200.00' },
  ],
  currency: 'usd',
  minMinor: 2500,
  maxMinor: 100000,
  bounds: '$25.00 to $1,000.00',
  today: '2027-05-03',
  lastDay: '2028-05-03',
  valid: '3 years',
  notice: '',
};

export const giftCardRow: PageProps['adminGiftCard']['card'] = {
  id: 'gc-1',
  code: '7KQ4-M2XW-9D3F-HT6R',
  status: 'active',
  amount: '$100.00',
  balance: '$60.00',
  balanceMinor: 6000,
  currency: 'usd',
  recipientName: 'Rita Berg',
  recipientEmail: 'rita@example.com',
  buyerName: 'Bea Lund',
  buyerEmail: 'bea@example.com',
  deliverOn: '1 May 2027',
  delivered: true,
  expires: '1 May 2030',
  expired: false,
  message: 'Happy birthday!',
};

export const adminGiftCardProps: PageProps['adminGiftCard'] = {
  card: giftCardRow,
  entries: [
    { id: 'e-2', at: '2 May 2027 10:00', kind: 'Spent on a booking', amount: '-$40.00', balance: '$60.00', bookingId: 'b-1', reason: '' },
    { id: 'e-1', at: '1 May 2027 09:00', kind: 'Bought', amount: '+$100.00', balance: '$100.00', bookingId: '', reason: '' },
  ],
};

export const fixtures: { [P in PageName]: PageData<P> } = {
  overview: { page: 'overview', site, user: null, props: { tours: [forestHiker, seaExplorer, snowAdventurer], headline: '', introduction: '' } },
  tour: {
    page: 'tour',
    site,
    user,
    props: {
      tour: forestHikerDetail,
      waitlist: [],
      waitlistDates: forestHikerDetail.startDates.map((d) => d.date),
      reviewing: { own: null, canWrite: true, waiting: '' },
      reviewLimits: { minText: 10, maxText: 2000 },
      termsVersion: 2,
    },
  },
  login: { page: 'login', site, user: null, props: {} },
  signup: { page: 'signup', site, user: null, props: {} },
  forgotPassword: { page: 'forgotPassword', site, user: null, props: {} },
  resetPassword: { page: 'resetPassword', site, user: null, props: { token: 'dGVzdC10b2tlbg', usable: true } },
  setup: { page: 'setup', site, user: null, props: { token: 'c2V0dXAtdG9rZW4' } },
  settingUp: { page: 'settingUp', site, user: null, props: {} },
  account: { page: 'account', site, user, props: {} },
  myTours: {
    page: 'myTours',
    site,
    user,
    props: {
      waitlist: [],
      termsVersion: 2,
      bookings: [
        {
          id: 'b-1',
          reference: 'TB-9GVE2R',
          tour: forestHiker,
          date: 'Tue 15 June 2027',
          participants: 2,
          amount: '$794.00',
          status: 'paid',
          statusLabel: 'Paid',
          tourUrl: '/tour/the-forest-hiker',
          ticket: { code: '7KQ4-M2XD-9TWP', qrUrl: '/my-tours/b-1/ticket.svg', checked: '' },
          detailsNeeded: 'Details needed by Sun 13 June 2027',
        },
        {
          id: 'b-2',
          reference: 'TB-3PDA7U',
          tour: seaExplorer,
          date: 'Thu 8 July 2027',
          participants: 1,
          amount: '$497.00',
          status: 'pending',
          statusLabel: 'Awaiting payment',
          // Taken off sale since it was booked: still listed, without a link to its page.
          tourUrl: '',
          ticket: null,
          detailsNeeded: '',
        },
      ],
    },
  },
  myBooking: {
    page: 'myBooking',
    site,
    user,
    props: {
      booking: myBooking,
      ticket: { code: '7KQ4-M2XD-9TWP', qrUrl: '/my-tours/b-1/ticket.svg', checked: '' },
      receipts: [myReceipt],
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
  adminDashboard: { page: 'adminDashboard', site, user: admin, props: adminDashboardProps },
  adminCalendar: { page: 'adminCalendar', site, user: admin, props: adminCalendarProps },
  adminMyDepartures: { page: 'adminMyDepartures', site, user: guide, props: adminMyDeparturesProps },
  adminBookings: { page: 'adminBookings', site, user: admin, props: adminBookingsProps },
  adminBooking: { page: 'adminBooking', site, user: admin, props: { booking: paidBooking, collect: paidCollect, options: bookingChangeOptions, receipts: [officeReceipt] } },
  adminReceipts: { page: 'adminReceipts', site, user: admin, props: adminReceiptsProps },
  adminNewBooking: { page: 'adminNewBooking', site, user: admin, props: newBookingProps },
  adminManifest: { page: 'adminManifest', site, user: admin, props: adminManifestProps },
  adminCheckIn: { page: 'adminCheckIn', site, user: guide, props: adminCheckInProps },
  adminUsers: { page: 'adminUsers', site, user: admin, props: adminUsersProps },
  adminReviews: { page: 'adminReviews', site, user: admin, props: adminReviewsProps },
  adminAudit: { page: 'adminAudit', site, user: admin, props: adminAuditProps },
  adminEmails: { page: 'adminEmails', site, user: admin, props: adminEmailsProps },
  adminEmail: { page: 'adminEmail', site, user: admin, props: adminEmailProps },
  adminSettings: { page: 'adminSettings', site, user: admin, props: adminSettingsProps },
  adminLegal: { page: 'adminLegal', site, user: admin, props: adminLegalProps },
  adminPromotions: { page: 'adminPromotions', site, user: admin, props: adminPromotionsProps },
  giftCards: { page: 'giftCards', site, user: null, props: giftCardsProps },
  adminGiftCards: { page: 'adminGiftCards', site, user: admin, props: { query: '', cards: [giftCardRow], settings: { amounts: '50.00, 100.00, 200.00', min: '25.00', max: '1000.00', expiryMonths: '36', currency: 'usd' } } },
  adminGiftCard: { page: 'adminGiftCard', site, user: admin, props: adminGiftCardProps },
  legal: {
    page: 'legal',
    site,
    user: null,
    props: {
      kind: 'terms',
      title: 'Terms of booking',
      html: '<h1>Terms of booking</h1>\n<ol>\n<li><strong>Booking.</strong> A booking is confirmed once it is paid.</li>\n</ol>\n',
      version: 2,
      savedOn: '3 May 2027',
      currentUrl: '',
    },
  },
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

/** A tour of price categories, an extra, every traveller's name and questions (issue #23). */
export const tourFamily: PageData<'tour'> = { ...fixtures.tour, props: { ...fixtures.tour.props, tour: familyTourDetail } };

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

/** The dashboard as a guide sees it: their own departures, no money. */
export const adminDashboardGuideView: PageData<'adminDashboard'> = {
  ...fixtures.adminDashboard,
  user: guide,
  props: { departures: adminDashboardProps.departures.slice(0, 1), sales: null, calendarUrl: '/admin/calendar', collect: null, checklist: [] },
};

/** The bookings list filtered to page 2 of the refund-due ones, and a filter that matches nothing. */
export const adminBookingsFiltered: PageData<'adminBookings'> = {
  ...fixtures.adminBookings,
  user: leadGuide,
  props: {
    ...adminBookingsProps,
    bookings: adminBookingsProps.bookings.filter((b) => b.status === 'refund_due'),
    filters: { tour: 't-5c88fa8c', date: '', status: 'refund_due', email: 'ben@', from: '2027-04-01', to: '2027-05-31', q: '' },
    paging: { page: 2, total: 51, hasPrev: true, hasNext: false },
  },
};

export const adminBookingsEmpty: PageData<'adminBookings'> = {
  ...fixtures.adminBookings,
  props: {
    ...adminBookingsProps,
    bookings: [],
    filters: { ...adminBookingsProps.filters, email: 'nobody@example.com' },
    paging: { page: 1, total: 0, hasPrev: false, hasNext: false },
  },
};

/** A refund-due booking: cancel it (retrying the refund) or mark it resolved. */
export const adminBookingRefundDue: PageData<'adminBooking'> = {
  ...fixtures.adminBooking,
  props: { booking: refundDueBooking, collect: paidCollect, options: null, receipts: [] },
};

/** A refunded booking: nothing left to do. */
export const adminBookingRefunded: PageData<'adminBooking'> = {
  ...fixtures.adminBooking,
  props: { booking: refundedBooking, collect: paidCollect, options: null, receipts: [officeReceipt, officeCreditNote] },
};

/** The manifest as one of the tour's guides sees it: read-only. */
export const adminManifestGuideView: PageData<'adminManifest'> = {
  ...fixtures.adminManifest,
  user: guide,
  props: { ...adminManifestProps, canManage: false },
};

/** A departure that has set off, with no bookings: nothing to manage. */
export const adminManifestPast: PageData<'adminManifest'> = {
  ...fixtures.adminManifest,
  props: {
    ...adminManifestProps,
    departure: { ...adminManifestProps.departure, date: '2027-04-25', label: 'Sun 25 April 2027', meetingPoint: '', past: true },
    rows: [],
    apart: [],
    guides: [],
    bookings: 0,
    travellers: 0,
    checkedIn: 0,
    csvUrl: '/admin/tours/t-5c88fa8c/departures/2027-04-25/manifest.csv',
  },
};

/** The pages' variants that the per-page checks (hydration, axe, server bundle) cover too. */
/** A reset link that was used or has expired. */
export const resetPasswordExpired: PageData<'resetPassword'> = {
  page: 'resetPassword',
  site,
  user: null,
  props: { token: 'dXNlZA', usable: false },
};

/** /my-tours/{id} after the traveller cancelled. */
export const myBookingAfterCancel: PageData<'myBooking'> = { ...fixtures.myBooking, props: { booking: myBookingCancelled, ticket: null, receipts: [] } };

/** A family's booking whose tour asks names and questions: the details form. */
export const myBookingFamily: PageData<'myBooking'> = { ...fixtures.myBooking, props: { ...fixtures.myBooking.props, booking: familyBooking } };

export const variantFixtures: PageData[] = [
  myBookingFamily,
  resetPasswordExpired,
  myBookingAfterCancel,
  tourSignedOut,
  tourFamily,
  adminTourNew,
  adminTourGuideView,
  adminToursGuideView,
  adminDashboardGuideView,
  adminBookingsFiltered,
  adminBookingsEmpty,
  adminBookingRefundDue,
  adminBookingRefunded,
  adminManifestGuideView,
  adminManifestPast,
];
