/**
 * The demo offices' fee schedule: what an office starts with until it saves its own (PUT /api/schedule/fees), in
 * dollars, for the procedures the sandbox practice books. Typical fees of a general practice, rounded.
 */
export const DEMO_FEES: Readonly<Record<string, number>> = {
  D0120: 65,
  D0140: 95,
  D0150: 120,
  D0210: 165,
  D0220: 35,
  D0274: 85,
  D1110: 115,
  D1120: 85,
  D1206: 45,
  D1351: 60,
  D2150: 190,
  D2391: 185,
  D2392: 235,
  D2393: 285,
  D2740: 1250,
  D2750: 1150,
  D2790: 1100,
  D2950: 290,
  D3330: 1150,
  D4341: 260,
  D4910: 145,
  D6240: 1150,
  D6750: 1150,
  D7140: 180,
};
