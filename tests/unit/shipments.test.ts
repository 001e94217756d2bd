import { describe, expect, it } from 'vitest';
import { fulfilmentStatus, shipmentLines, shippedQuantities, trackingUrl } from '../../src/lib/shipments';

const items = [
  { id: 'a', quantity: 3 },
  { id: 'b', quantity: 1 },
];

describe('fulfilment rules', () => {
  it('counts what was sent and says how far the order is shipped', () => {
    expect(fulfilmentStatus(items, [])).toBe('unfulfilled');
    const partly = [{ lines: [{ itemId: 'a', quantity: 2 }] }];
    expect(shippedQuantities(partly).get('a')).toBe(2);
    expect(fulfilmentStatus(items, partly)).toBe('partial');
    expect(
      fulfilmentStatus(items, [
        ...partly,
        {
          lines: [
            { itemId: 'a', quantity: 1 },
            { itemId: 'b', quantity: 1 },
          ],
        },
      ]),
    ).toBe('fulfilled');
  });

  it('ships everything left when no lines are named, and nothing twice', () => {
    expect(shipmentLines(items, [{ lines: [{ itemId: 'a', quantity: 1 }] }], null)).toEqual({
      lines: [
        { itemId: 'a', quantity: 2 },
        { itemId: 'b', quantity: 1 },
      ],
      problems: [],
    });
    const done = [
      {
        lines: [
          { itemId: 'a', quantity: 3 },
          { itemId: 'b', quantity: 1 },
        ],
      },
    ];
    expect(shipmentLines(items, done, []).problems).toEqual([{ itemId: null, key: 'nothingToShip', max: 0 }]);
  });

  it('refuses lines beyond what is left, and lines of another order; repeated lines add up', () => {
    const sent = [{ lines: [{ itemId: 'a', quantity: 2 }] }];
    expect(shipmentLines(items, sent, [{ itemId: 'a', quantity: 2 }]).problems).toEqual([{ itemId: 'a', key: 'moreThanLeft', max: 1 }]);
    expect(
      shipmentLines(
        items,
        [],
        [
          { itemId: 'a', quantity: 2 },
          { itemId: 'a', quantity: 2 },
        ],
      ).problems,
    ).toEqual([{ itemId: 'a', key: 'moreThanLeft', max: 3 }]);
    expect(shipmentLines(items, [], [{ itemId: 'zzz', quantity: 1 }]).problems).toEqual([{ itemId: 'zzz', key: 'unknownLine', max: 0 }]);
    expect(shipmentLines(items, [], [{ itemId: 'b', quantity: 1 }])).toEqual({ lines: [{ itemId: 'b', quantity: 1 }], problems: [] });
  });

  it("makes the carrier's tracking page from the number; a given http(s) link wins, anything else is ignored", () => {
    expect(trackingUrl('ups', '1Z 999', null)).toBe('https://www.ups.com/track?tracknum=1Z%20999');
    expect(trackingUrl('russian-post', 'RA123456789RU', null)).toBe('https://www.pochta.ru/tracking?barcode=RA123456789RU');
    expect(trackingUrl('other', '123', null)).toBeNull();
    expect(trackingUrl('dhl', null, null)).toBeNull();
    expect(trackingUrl('other', '123', 'https://track.example/123')).toBe('https://track.example/123');
    expect(trackingUrl('ups', '1', 'javascript:alert(1)')).toBe('https://www.ups.com/track?tracknum=1');
  });
});
