/**
 * Demo tracking lines (SPEC §2 Marketing): each advertised number (DNIS) names the campaign that
 * brought the caller (source) and where the line rings (point to). `office` is a seeded office name
 * (test/factories/offices.factory.ts); the line's calls belong to that office.
 */
export interface DemoTrackingLine {
  dnis: string;
  source: string;
  pointTo: string;
  office: string;
}

export const DEMO_TRACKING_LINES: readonly DemoTrackingLine[] = [
  { dnis: '8885550401', source: 'TV – Spanish', pointTo: 'Call Center', office: 'Call Center' },
  { dnis: '8885550402', source: 'TV – English', pointTo: 'Call Center', office: 'Call Center' },
  { dnis: '8885550403', source: 'Google Ads', pointTo: 'Call Center', office: 'Call Center' },
  { dnis: '2135550404', source: 'Billboard I-10', pointTo: 'Los Angeles', office: 'Los Angeles' },
  { dnis: '7025550405', source: 'Radio – KXNT', pointTo: 'Las Vegas', office: 'Las Vegas' },
  { dnis: '3055550406', source: 'Facebook', pointTo: 'Miami', office: 'Miami' },
];
