import type { TrackingLineType } from '@casedesk/contract/marketing/tracking-line';

/**
 * Demo tracking lines (SPEC §2 Marketing): each advertised number (DNIS) names the advertisement that
 * brought the caller (source, campaign, type) and where the line rings (point to). `pointTo` and
 * `office` are seeded office names (test/factories/offices.factory.ts); the line's calls belong to `office`.
 */
export interface DemoTrackingLine {
  dnis: string;
  source: string;
  campaign: string;
  type: TrackingLineType;
  pointTo: string;
  office: string;
}

export const DEMO_TRACKING_LINES: readonly DemoTrackingLine[] = [
  {
    dnis: '8885550401',
    source: 'TV – Spanish',
    campaign: 'Univision daytime',
    type: 'TV',
    pointTo: 'Call Center',
    office: 'Call Center',
  },
  {
    dnis: '8885550402',
    source: 'TV – English',
    campaign: 'Evening news spots',
    type: 'TV',
    pointTo: 'Call Center',
    office: 'Call Center',
  },
  {
    dnis: '8885550403',
    source: 'Google Ads',
    campaign: 'Injury search',
    type: 'DIGITAL',
    pointTo: 'Call Center',
    office: 'Call Center',
  },
  {
    dnis: '2135550404',
    source: 'Billboard I-10',
    campaign: 'I-10 eastbound',
    type: 'BILLBOARD',
    pointTo: 'Los Angeles',
    office: 'Los Angeles',
  },
  {
    dnis: '7025550405',
    source: 'Radio – KXNT',
    campaign: 'Morning drive',
    type: 'RADIO',
    pointTo: 'Las Vegas',
    office: 'Las Vegas',
  },
  {
    dnis: '3055550406',
    source: 'Facebook',
    campaign: 'Spring leads',
    type: 'DIGITAL',
    pointTo: 'Miami',
    office: 'Miami',
  },
];

/** The demo lines are in force long before the seeded calls, so every seeded call is attributed. */
export const DEMO_LINES_FROM = new Date('2020-01-01T00:00:00Z');

/** Demo spend per source for the months before the seed's "now", in cents, so cost per lead shows. */
export const DEMO_MONTHLY_SPEND_CENTS: Readonly<Record<string, number>> = {
  'TV – Spanish': 1_250_000,
  'TV – English': 1_800_000,
  'Google Ads': 640_050,
  'Billboard I-10': 300_000,
  'Radio – KXNT': 220_000,
  Facebook: 150_075,
};
