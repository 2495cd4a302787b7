/**
 * The sandbox's courses: fictional clubs with real-looking data around Bangkok, Pattaya, Hua Hin,
 * Chiang Mai and Phuket. Prices are in whole baht here; the sandbox works in satang.
 */

/** Who may book a tee time: the share of slots taking 1–4, 2–4 and 3–4 golfers. */
export interface PersonsProfile {
  oneToFour: number;
  twoToFour: number;
  threeToFour: number;
}

export interface CourseSeed {
  id: string;
  name: string;
  nameTH: string;
  place: string;
  status: "OPEN" | "CLOSED";
  lat: string;
  lon: string;
  images: string[];
  openingHours: string;
  address: string;
  website: string;
  /** First tee, minutes after local midnight. */
  firstTee: number;
  /** Last tee at or before this minute. */
  lastTee: number;
  /** Minutes between tee times. */
  interval: number;
  /** Green fee per person, whole baht. */
  weekdayPrice: number;
  weekendPrice: number;
  /** Public holidays; defaults to the weekend price. */
  holidayPrice?: number;
  /** From this minute on, the afternoon rate applies. */
  afternoonFrom: number;
  /** Discount of the afternoon rate, percent. */
  afternoonDiscount: number;
  /** Present on some courses only: then every tee time carries freeCaddy and caddyPrice. */
  caddy?: { free: boolean; price: number };
  persons: PersonsProfile;
  /** Whether four-ball slots can take party (group) bookings. */
  partyAble: boolean;
}

const hm = (h: number, m = 0): number => h * 60 + m;

export const COURSES: readonly CourseSeed[] = [
  {
    id: "65a0c3e10a1aec32662c0684",
    name: "Bangkok Riverside Golf Club",
    nameTH: "สนามกอล์ฟบางกอก ริเวอร์ไซด์",
    place: "Pathum Thani, Bangkok",
    status: "OPEN",
    lat: "14.0208",
    lon: "100.5251",
    images: [
      "https://example-bangkokriverside.golf/img/hole-18.jpg",
      "https://example-bangkokriverside.golf/img/clubhouse.jpg",
    ],
    openingHours: "Daily 05:30–19:00",
    address: "99 Moo 3, Tiwanon Road, Bang Kadi, Mueang Pathum Thani, Pathum Thani 12000",
    website: "https://example-bangkokriverside.golf",
    firstTee: hm(6),
    lastTee: hm(15),
    interval: 8,
    weekdayPrice: 2500,
    weekendPrice: 3500,
    afternoonFrom: hm(12),
    afternoonDiscount: 20,
    caddy: { free: false, price: 400 },
    persons: { oneToFour: 0.3, twoToFour: 0.6, threeToFour: 0.1 },
    partyAble: true,
  },
  {
    id: "65a4d7509e47d533deaa760c",
    name: "Siam Lakeview Country Club",
    nameTH: "สยาม เลควิว คันทรี คลับ",
    place: "Bang Na, Samut Prakan",
    status: "OPEN",
    lat: "13.6405",
    lon: "100.7012",
    images: ["https://example-siamlakeview.golf/media/lake-7th.jpg"],
    openingHours: "Mon–Fri 06:00–18:00, Sat–Sun 05:30–18:30",
    address: "88/8 Moo 11, Bangna-Trad Road Km. 18, Bang Chalong, Bang Phli, Samut Prakan 10540",
    website: "https://example-siamlakeview.golf",
    firstTee: hm(6, 10),
    lastTee: hm(14, 50),
    interval: 10,
    weekdayPrice: 1800,
    weekendPrice: 2800,
    afternoonFrom: hm(12, 30),
    afternoonDiscount: 15,
    persons: { oneToFour: 0.2, twoToFour: 0.7, threeToFour: 0.1 },
    partyAble: false,
  },
  {
    id: "65a8eabff4ad2ad91ab15be1",
    name: "Pattaya Green Hills Golf Resort",
    nameTH: "สนามกอล์ฟพัทยา กรีนฮิลส์ กอล์ฟ รีสอร์ท",
    place: "Pattaya, Chon Buri",
    status: "OPEN",
    lat: "12.9194",
    lon: "100.9318",
    images: [
      "https://example-pattayagreenhills.com/images/fairway.jpg",
      "https://example-pattayagreenhills.com/images/sunset-9th.jpg",
    ],
    openingHours: "Daily 06:00–18:00",
    address: "55 Moo 9, Pong, Bang Lamung, Chon Buri 20150",
    website: "https://example-pattayagreenhills.com",
    firstTee: hm(6),
    lastTee: hm(15),
    interval: 7,
    weekdayPrice: 2200,
    weekendPrice: 3000,
    holidayPrice: 3300,
    afternoonFrom: hm(12),
    afternoonDiscount: 25,
    caddy: { free: false, price: 450 },
    persons: { oneToFour: 0.4, twoToFour: 0.5, threeToFour: 0.1 },
    partyAble: true,
  },
  {
    id: "65acfe2e12f0ee20da194a16",
    name: "Bang Saray Seaside Links",
    nameTH: "สนามกอล์ฟบางเสร่ ซีไซด์ ลิงก์ส",
    place: "Sattahip, Chon Buri",
    status: "OPEN",
    lat: "12.7563",
    lon: "100.9336",
    images: [],
    openingHours: "Daily 06:00–17:30",
    address: "12/3 Moo 6, Sukhumvit Road Km. 164, Bang Saray, Sattahip, Chon Buri 20250",
    website: "https://example-bangsaraylinks.golf",
    firstTee: hm(6, 30),
    lastTee: hm(14, 30),
    interval: 9,
    weekdayPrice: 1500,
    weekendPrice: 2200,
    afternoonFrom: hm(12),
    afternoonDiscount: 20,
    persons: { oneToFour: 0.5, twoToFour: 0.4, threeToFour: 0.1 },
    partyAble: false,
  },
  {
    id: "65b1119d29467ccf3a28069d",
    name: "Hua Hin Royal Palms Golf Course",
    nameTH: "สนามกอล์ฟหัวหิน รอยัล ปาล์ม",
    place: "Hua Hin, Prachuap Khiri Khan",
    status: "OPEN",
    lat: "12.5684",
    lon: "99.9421",
    images: ["https://example-huahinroyalpalms.com/gallery/palms-fairway.jpg"],
    openingHours: "Daily 06:00–18:00",
    address: "1 Damnoen Kasem Road, Hua Hin, Prachuap Khiri Khan 77110",
    website: "https://example-huahinroyalpalms.com",
    firstTee: hm(6),
    lastTee: hm(15),
    interval: 8,
    weekdayPrice: 2800,
    weekendPrice: 3600,
    afternoonFrom: hm(13),
    afternoonDiscount: 20,
    caddy: { free: true, price: 0 },
    persons: { oneToFour: 0.2, twoToFour: 0.6, threeToFour: 0.2 },
    partyAble: true,
  },
  {
    id: "65b5250cf422e4b9e59ce3ab",
    name: "Cha-am Sea Breeze Golf Club",
    nameTH: "สนามกอล์ฟชะอำ ซีบรีซ",
    place: "Cha-am, Phetchaburi",
    status: "CLOSED",
    lat: "12.7991",
    lon: "99.9502",
    images: [],
    openingHours: "Closed for greens renovation",
    address: "199 Moo 2, Phetkasem Road, Cha-am, Phetchaburi 76120",
    website: "https://example-chaamseabreeze.golf",
    firstTee: hm(6),
    lastTee: hm(14),
    interval: 10,
    weekdayPrice: 1600,
    weekendPrice: 2000,
    afternoonFrom: hm(12),
    afternoonDiscount: 10,
    persons: { oneToFour: 0.3, twoToFour: 0.6, threeToFour: 0.1 },
    partyAble: false,
  },
  {
    id: "65b9387bd6d686f96deef6dd",
    name: "Doi Suthep Highlands Golf Club",
    nameTH: "สนามกอล์ฟดอยสุเทพ ไฮแลนด์ เชียงใหม่",
    place: "Mae Rim, Chiang Mai",
    status: "OPEN",
    lat: "18.8652",
    lon: "98.9483",
    images: [
      "https://example-doisuthephighlands.com/photos/mountain-view.jpg",
      "https://example-doisuthephighlands.com/photos/green-12.jpg",
    ],
    openingHours: "Daily 06:30–18:00",
    address: "168 Moo 5, Mae Rim–Samoeng Road, Rim Nuea, Mae Rim, Chiang Mai 50180",
    website: "https://example-doisuthephighlands.com",
    firstTee: hm(6, 30),
    lastTee: hm(14, 30),
    interval: 9,
    weekdayPrice: 1700,
    weekendPrice: 2400,
    afternoonFrom: hm(12),
    afternoonDiscount: 15,
    caddy: { free: false, price: 350 },
    persons: { oneToFour: 0.6, twoToFour: 0.3, threeToFour: 0.1 },
    partyAble: true,
  },
  {
    id: "65bd4bead3e07552cda9a36b",
    name: "Lanna Valley Golf & Country Club",
    nameTH: "ลานนา วัลเลย์ กอล์ฟ แอนด์ คันทรี คลับ",
    place: "Doi Saket, Chiang Mai",
    status: "OPEN",
    lat: "18.8921",
    lon: "99.1398",
    images: [],
    openingHours: "Daily 06:00–18:00 (driving range until 21:00)",
    address: "222 Moo 4, Chiang Mai–Chiang Rai Road, Luang Nuea, Doi Saket, Chiang Mai 50220",
    website: "https://example-lannavalley.golf",
    firstTee: hm(6),
    lastTee: hm(15),
    interval: 10,
    weekdayPrice: 1500,
    weekendPrice: 1900,
    afternoonFrom: hm(12, 30),
    afternoonDiscount: 20,
    persons: { oneToFour: 0.5, twoToFour: 0.5, threeToFour: 0 },
    partyAble: false,
  },
  {
    id: "65c15f5980f162433cb3788f",
    name: "Phuket Andaman Bay Golf Club",
    nameTH: "สนามกอล์ฟภูเก็ต อันดามัน เบย์",
    place: "Kathu, Phuket",
    status: "OPEN",
    lat: "7.9084",
    lon: "98.3322",
    images: ["https://example-andamanbay.golf/assets/bay-hole-3.jpg"],
    openingHours: "Daily 06:00–18:30",
    address: "38 Vichitsongkram Road, Kathu, Phuket 83120",
    website: "https://example-andamanbay.golf",
    firstTee: hm(6),
    lastTee: hm(15),
    interval: 8,
    weekdayPrice: 4500,
    weekendPrice: 5500,
    holidayPrice: 6500,
    afternoonFrom: hm(13),
    afternoonDiscount: 25,
    caddy: { free: false, price: 500 },
    persons: { oneToFour: 0.1, twoToFour: 0.6, threeToFour: 0.3 },
    partyAble: true,
  },
  {
    id: "65c572c8c7aad834dec5d9f9",
    name: "Kata Hills Country Club",
    nameTH: "กะตะ ฮิลส์ คันทรี คลับ ภูเก็ต",
    place: "Karon, Phuket",
    status: "OPEN",
    lat: "7.8262",
    lon: "98.3054",
    images: [],
    openingHours: "Daily 06:30–18:00",
    address: "7 Patak Road, Karon, Mueang Phuket, Phuket 83100",
    website: "https://example-katahills.com",
    firstTee: hm(6, 30),
    lastTee: hm(14, 30),
    interval: 10,
    weekdayPrice: 3200,
    weekendPrice: 3900,
    afternoonFrom: hm(12),
    afternoonDiscount: 20,
    persons: { oneToFour: 0.3, twoToFour: 0.5, threeToFour: 0.2 },
    partyAble: true,
  },
];

/** The index of a course by id, or -1. */
export function courseIndex(id: string): number {
  return COURSES.findIndex((c) => c.id === id);
}
