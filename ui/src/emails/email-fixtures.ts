// One realistic message per kind, plus the variants with the optional facts left out, for
// the tests and `npm run preview` (/emails). The names carry markup on purpose: they must
// come out escaped.
import type { EmailData, EmailSite } from './email-props';

/** A fresh site's: the default name, no logo, address or contact. */
export const emailSite: EmailSite = {
  name: 'Tourbook',
  url: 'https://tours.example',
  logo: '',
  address: [],
  contactEmail: '',
  contactPhone: '',
  colour: '#1f6f50',
  colourDark: '#155239',
  colourLight: '#e8f3ee',
};

/** A business that has filled in its settings. */
export const brandedEmailSite: EmailSite = {
  name: 'Fjord & Fell Tours',
  url: 'https://fjordfell.example',
  logo: 'https://fjordfell.example/img/brand/logo-7f3a-email.png',
  address: ['Strandkaien 3', '5013 Bergen', 'Norway'],
  contactEmail: 'hello@fjordfell.example',
  contactPhone: '+47 55 12 34 56',
  colour: '#0b4f6c',
  colourDark: '#08374c',
  colourLight: '#e7edf0',
};

export const hostileName = '<b>Zoë</b> & "Co"';

export const emailFixtures: EmailData[] = [
  {
    kind: 'passwordReset',
    site: emailSite,
    props: {
      name: 'Ada Lovelace',
      resetUrl: 'https://tours.example/reset-password/3f9c0a7e5b2d4c61a8e7f0b9d2c4e6a1',
      validMinutes: 60,
    },
  },
  {
    kind: 'welcome',
    site: emailSite,
    props: { name: 'Ada Lovelace', toursUrl: 'https://tours.example/' },
  },
  {
    kind: 'emailChanged',
    site: emailSite,
    props: { name: 'Ada Lovelace', newEmail: 'ada@analytical.example', loginUrl: 'https://tours.example/login' },
  },
  {
    kind: 'signupAttempt',
    site: emailSite,
    props: { name: 'Ada Lovelace', loginUrl: 'https://tours.example/login' },
  },
  {
    kind: 'bookingConfirmation',
    site: emailSite,
    props: {
      name: 'Ada Lovelace',
      reference: 'TB-7KQ4M2',
      tourName: 'The Forest Hiker',
      tourUrl: 'https://tours.example/tour/the-forest-hiker',
      date: 'Saturday, 12 June 2027',
      startTime: '9:00 AM',
      participants: 4,
      travellers: '2 × Adult at $497.00\n1 × Child at $250.00\n1 × Infant at $0.00',
      extras: '2 × Wetsuit at $15.00\n1 × Single room at $80.00',
      amount: '$1,354.00',
      meetingPoint: 'Banff Visitor Centre, 224 Banff Avenue, Banff, Alberta T1L 1B3, by the main entrance',
      bookingUrl: 'https://tours.example/my-tours#b-64f1c2a9',
      due: '',
      payBy: '',
    },
  },
  {
    kind: 'bookingCancelled',
    site: emailSite,
    props: {
      name: 'Ada Lovelace',
      reference: 'TB-7KQ4M2',
      tourName: 'The Forest Hiker',
      date: 'Saturday, 12 June 2027',
      refunded: '$994.00',
      message: 'The trail is closed after a storm.',
      returnedBy: '',
    },
  },
  {
    kind: 'paymentLink',
    site: emailSite,
    props: {
      name: 'Ada Lovelace',
      tourName: 'The Forest Hiker',
      date: 'Saturday, 12 June 2027',
      startTime: '9:00 AM',
      participants: 2,
      travellers: '2 × Adult at €1,290.00',
      extras: '',
      amount: '€2,580.00',
      payUrl: 'https://tours.example/sandbox/checkout/cs_test_a1b2c3',
      expires: 'Fri 11 June 2027, 09:00 MDT (America/Edmonton)',
      bookingUrl: 'https://tours.example/my-tours/64f1c2a9',
    },
  },
  {
    kind: 'reminder',
    site: emailSite,
    props: {
      name: 'Ada Lovelace',
      reference: 'TB-7KQ4M2',
      tourName: 'The Forest Hiker',
      date: 'Saturday, 12 June 2027',
      startTime: '9:00 AM',
      meetingPoint: 'Banff Visitor Centre, 224 Banff Avenue',
      bookingUrl: 'https://tours.example/my-tours#b-64f1c2a9',
    },
  },
  {
    kind: 'detailsReminder',
    site: emailSite,
    props: {
      name: 'Ada Lovelace',
      reference: 'TB-7KQ4M2',
      tourName: 'The Forest Hiker',
      date: 'Saturday, 12 June 2027',
      cutoff: 'Thu 10 June 2027, 09:00 MDT (America/Edmonton)',
      missing: 'The name of traveller 2 (Child)\nDietary needs (traveller 3, Child)',
      bookingUrl: 'https://tours.example/my-tours/64f1c2a9',
    },
  },
  {
    kind: 'waitlistOffer',
    site: emailSite,
    props: {
      name: 'Ada Lovelace',
      tourName: 'The Forest Hiker',
      date: 'Saturday, 12 June 2027',
      startTime: '9:00 AM',
      participants: 2,
      amount: '$994.00',
      deadline: 'Fri 11 June 2027, 09:00 MDT (America/Edmonton)',
      payUrl: 'https://tours.example/my-tours',
    },
  },
  {
    kind: 'waitlistCancelled',
    site: emailSite,
    props: {
      name: 'Ada Lovelace',
      tourName: 'The Forest Hiker',
      date: 'Saturday, 12 June 2027',
      startTime: '9:00 AM',
      participants: 2,
      message: 'The trail is closed after a storm.',
      offered: '$994.00',
      tourUrl: 'https://tours.example/tour/the-forest-hiker',
    },
  },
  {
    kind: 'bookingNotice',
    site: emailSite,
    props: {
      name: 'Kwame Mensah',
      lines: 'New booking: Ada Lovelace, 2 travellers, The Forest Hiker on Sat 12 June 2027 (paid online)',
      day: '',
      setting: 'You get these emails at once. An admin can change this to one daily digest in the back office, under Emails.',
      bookingsUrl: 'https://tours.example/admin/bookings',
    },
  },
  {
    kind: 'reviewRequest',
    site: emailSite,
    props: {
      name: 'Ada Lovelace',
      tourName: 'The Forest Hiker',
      reviewUrl: 'https://tours.example/tour/the-forest-hiker/review?booking=b-64f1c2a9',
    },
  },
  {
    kind: 'bookingChanged',
    site: emailSite,
    props: {
      name: 'Ada Lovelace',
      tourName: 'The Forest Hiker',
      date: 'Monday, 14 June 2027',
      startTime: '9:00 AM',
      participants: 2,
      travellers: '2 × Adult at $497.00',
      extras: '',
      changes: 'Date: Saturday, 12 June 2027 → Monday, 14 June 2027; Travellers: 3 → 2; Price: $1,491.00 → $994.00',
      refunded: '$497.00',
      due: '',
      message: 'The guide for the 12th fell ill, so we moved you to the 14th.',
      bookingUrl: 'https://tours.example/my-tours/b-64f1c2a9',
      calendarFile: 'tour.ics',
      returnedBy: '',
    },
  },
];

/** The optional facts empty: no meeting point, nothing refunded, no message. */
export const emailVariantFixtures: EmailData[] = [
  {
    kind: 'bookingConfirmation',
    site: emailSite,
    props: {
      name: 'Grace Hopper',
      reference: 'TB-7KQ4M2',
      tourName: 'The Sea Explorer',
      tourUrl: 'https://tours.example/tour/the-sea-explorer',
      date: 'Monday, 3 May 2027',
      startTime: '10:30 AM',
      participants: 1,
      travellers: '1 × Adult at $497.00',
      extras: '',
      amount: '$497.00',
      meetingPoint: '',
      bookingUrl: 'https://tours.example/my-tours#b-0a1b2c3d',
      due: '$497.00',
      payBy: 'Mon 19 April 2027',
    },
  },
  {
    kind: 'bookingCancelled',
    site: emailSite,
    props: { name: 'Grace Hopper', reference: 'TB-H3WX9P', tourName: 'The Sea Explorer', date: 'Monday, 3 May 2027', refunded: '', message: '', returnedBy: '' },
  },
  {
    kind: 'bookingCancelled',
    site: emailSite,
    props: {
      name: 'Grace Hopper',
      reference: 'TB-H3WX9P',
      tourName: 'The Sea Explorer',
      date: 'Monday, 3 May 2027',
      refunded: '€2,580.00',
      message: '',
      returnedBy: 'bank transfer',
    },
  },
  {
    kind: 'waitlistCancelled',
    site: emailSite,
    props: {
      name: 'Grace Hopper',
      tourName: 'The Sea Explorer',
      date: 'Monday, 3 May 2027',
      startTime: '10:30 AM',
      participants: 1,
      message: '',
      offered: '',
      tourUrl: 'https://tours.example/tour/the-sea-explorer',
    },
  },
  {
    kind: 'bookingNotice',
    site: emailSite,
    props: {
      name: 'Laura Wilson',
      lines:
        'New booking: Ada Lovelace, 2 travellers, The Forest Hiker on Sat 12 June 2027 (paid online)\nCancelled: Grace Hopper, 1 traveller, The Sea Explorer on Mon 3 May 2027',
      day: 'Thu 26 November 2026',
      setting: 'You get these emails as one daily digest. An admin can change this in the back office, under Emails.',
      bookingsUrl: 'https://tours.example/admin/bookings',
    },
  },
  {
    kind: 'bookingChanged',
    site: emailSite,
    props: {
      name: 'Grace Hopper',
      tourName: 'The Sea Explorer',
      date: 'Monday, 3 May 2027',
      startTime: '10:30 AM',
      participants: 4,
      travellers: '4 × Adult at $497.00',
      extras: '',
      changes: 'Travellers: 3 → 4; Price: $1,491.00 → $1,988.00',
      refunded: '',
      due: '$497.00',
      message: '',
      bookingUrl: 'https://tours.example/my-tours/b-0a1b2c3d',
      calendarFile: '',
      returnedBy: '',
    },
  },
];
