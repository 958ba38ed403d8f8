import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bulletsToText, hasBulletMarker, textToBullets } from './bullets.ts';
import {
  checklistBulletsToText,
  checklistLine,
  clearTickedItems,
  hasTickedItems,
  joinCheckbox,
  parseChecklistLine,
  setItemTicked,
  sinkTicked,
  splitCheckbox,
  textToChecklistBullets,
  type ChecklistBullet,
} from './checklist.ts';

const SHOPPING = 'Saturday shop\n• [x] milk\n• [ ] eggs\n- [X] bread\n* [ ] butter\n• plain bullet';

describe('parseChecklistLine', () => {
  it.each([
    ['• [ ] eggs', { ticked: false, text: 'eggs' }],
    ['• [x] milk', { ticked: true, text: 'milk' }],
    ['- [X] bread', { ticked: true, text: 'bread' }],
    ['  * [ ]   two  words ', { ticked: false, text: 'two  words' }],
    ['• plain', null],
    ['• [ ]', null],
    ['• [x]milk', null],
    ['• [y] milk', null],
    ['[x] milk', null],
    ['', null],
  ])('%j → %j', (line, expected) => {
    expect(parseChecklistLine(line)).toEqual(expected);
  });

  it('writes items with the bullet character and a lower-case x', () => {
    expect(checklistLine({ ticked: true, text: ' milk  2% ' })).toBe('• [x] milk 2%');
    expect(checklistLine({ ticked: false, text: 'eggs' })).toBe('• [ ] eggs');
  });
});

describe('the Text / Bullets switch keeps the boxes', () => {
  it('text → bullets keeps `[x]` in the bullet text, bullets → text writes it back', () => {
    expect(textToBullets(SHOPPING)).toEqual([
      'Saturday shop',
      '[x] milk',
      '[ ] eggs',
      '[X] bread',
      '[ ] butter',
      'plain bullet',
    ]);
    expect(bulletsToText(textToBullets(SHOPPING))).toBe(
      '• Saturday shop\n• [x] milk\n• [ ] eggs\n• [X] bread\n• [ ] butter\n• plain bullet',
    );
  });

  it('splits the Bullets mode items into box and words and joins them back', () => {
    expect(textToChecklistBullets(SHOPPING)).toEqual([
      { ticked: null, text: 'Saturday shop' },
      { ticked: true, text: 'milk' },
      { ticked: false, text: 'eggs' },
      { ticked: true, text: 'bread' },
      { ticked: false, text: 'butter' },
      { ticked: null, text: 'plain bullet' },
    ]);
    expect(checklistBulletsToText(textToChecklistBullets(SHOPPING))).toBe(
      '• Saturday shop\n• [x] milk\n• [ ] eggs\n• [x] bread\n• [ ] butter\n• plain bullet',
    );
  });

  it('drops items without words, box or not', () => {
    expect(
      checklistBulletsToText([
        { ticked: false, text: '' },
        { ticked: true, text: '  ' },
        { ticked: false, text: 'eggs' },
      ]),
    ).toBe('• [ ] eggs');
  });

  it('a checklist opens in Bullets mode', () => {
    expect(hasBulletMarker(checklistBulletsToText([{ ticked: false, text: 'eggs' }]))).toBe(true);
  });

  /** Words as a person types them: no line breaks, not starting with a box (that would be a box). */
  const words = fc
    .string({ minLength: 1, maxLength: 30 })
    .map((s) =>
      s
        .replace(/[\r\n\u2028\u2029]/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((s) => s !== '' && !/^\[[ xX]\]/.test(s));
  const bullet = fc.record({ ticked: fc.constantFrom(true, false, null), text: words });

  it('items → text → items is the identity (property)', () => {
    fc.assert(
      fc.property(fc.array(bullet, { minLength: 1, maxLength: 12 }), (items: ChecklistBullet[]) => {
        expect(textToChecklistBullets(checklistBulletsToText(items))).toEqual(items);
      }),
    );
  });

  it('switching Bullets → Text → Bullets keeps every box and word (property)', () => {
    fc.assert(
      fc.property(fc.array(bullet, { minLength: 1, maxLength: 12 }), (items: ChecklistBullet[]) => {
        const text = checklistBulletsToText(items);
        // Text mode shows `text`; switching to Bullets and back through the plain converters changes nothing.
        expect(bulletsToText(textToBullets(text))).toBe(text);
        expect(textToChecklistBullets(bulletsToText(textToBullets(text)))).toEqual(items);
      }),
    );
  });

  it('joinCheckbox inverts splitCheckbox', () => {
    fc.assert(
      fc.property(bullet, (item: ChecklistBullet) => {
        expect(splitCheckbox(joinCheckbox(item))).toEqual(item);
      }),
    );
  });
});

describe('setItemTicked', () => {
  it('ticks the item on the hinted line and changes only that line', () => {
    expect(setItemTicked(SHOPPING, { line: 2, text: 'eggs', ticked: true })).toEqual({
      content: 'Saturday shop\n• [x] milk\n• [x] eggs\n- [X] bread\n* [ ] butter\n• plain bullet',
      line: 2,
    });
    expect(setItemTicked(SHOPPING, { line: 3, text: 'bread', ticked: false })?.content).toBe(
      'Saturday shop\n• [x] milk\n• [ ] eggs\n• [ ] bread\n* [ ] butter\n• plain bullet',
    );
  });

  it('finds the item by its words when lines moved on another device', () => {
    const moved = `New first line\n${SHOPPING}`;
    expect(setItemTicked(moved, { line: 4, text: 'butter', ticked: true })).toEqual({
      content: moved.replace('* [ ] butter', '• [x] butter'),
      line: 5,
    });
  });

  it('with two items of the same words, ticks the next open one, then unticks a ticked one', () => {
    const twice = '• [ ] milk\n• [ ] milk';
    const first = setItemTicked(twice, { line: 9, text: 'milk', ticked: true });
    expect(first).toEqual({ content: '• [x] milk\n• [ ] milk', line: 0 });
    const second = setItemTicked(first?.content ?? '', { line: 9, text: 'milk', ticked: true });
    expect(second).toEqual({ content: '• [x] milk\n• [x] milk', line: 1 });
    expect(setItemTicked(second?.content ?? '', { line: 1, text: 'milk', ticked: false })?.line).toBe(1);
  });

  it('is idempotent: asking again for what is already so changes nothing', () => {
    expect(setItemTicked(SHOPPING, { line: 1, text: 'milk', ticked: true })).toEqual({
      content: SHOPPING,
      line: 1,
    });
  });

  it('compares words with blanks folded', () => {
    expect(setItemTicked('• [ ]  two   words ', { line: 0, text: 'two words', ticked: true })?.content).toBe(
      '• [x] two words',
    );
  });

  it('answers null when no checklist item has those words (gone, renamed or a plain bullet)', () => {
    expect(setItemTicked(SHOPPING, { line: 2, text: 'cheese', ticked: true })).toBeNull();
    expect(setItemTicked(SHOPPING, { line: 5, text: 'plain bullet', ticked: true })).toBeNull();
    expect(setItemTicked(SHOPPING, { line: 0, text: 'Saturday shop', ticked: true })).toBeNull();
  });

  it('two devices ticking different items, in either order, both land (property)', () => {
    fc.assert(
      fc.property(fc.boolean(), (eggsFirst) => {
        const eggs = { line: 2, text: 'eggs', ticked: true };
        const butter = { line: 4, text: 'butter', ticked: true };
        const [a, b] = eggsFirst ? [eggs, butter] : [butter, eggs];
        const once = setItemTicked(SHOPPING, a)?.content ?? '';
        const lines = (setItemTicked(once, b)?.content ?? '').split('\n');
        expect(parseChecklistLine(lines[2] ?? '')).toEqual({ ticked: true, text: 'eggs' });
        expect(parseChecklistLine(lines[4] ?? '')).toEqual({ ticked: true, text: 'butter' });
      }),
    );
  });
});

describe('clearTickedItems', () => {
  it('removes the ticked items and keeps every other line as it is', () => {
    expect(clearTickedItems(SHOPPING)).toEqual({
      content: 'Saturday shop\n• [ ] eggs\n* [ ] butter\n• plain bullet',
      removed: 2,
    });
  });

  it('leaves content without ticked items untouched', () => {
    expect(clearTickedItems('a\r\n• [ ] b')).toEqual({ content: 'a\r\n• [ ] b', removed: 0 });
  });

  it('hasTickedItems says whether there is anything to clear', () => {
    expect(hasTickedItems(SHOPPING)).toBe(true);
    expect(hasTickedItems(clearTickedItems(SHOPPING).content)).toBe(false);
    expect(hasTickedItems('[x] not a bullet\n• [x]')).toBe(false);
  });
});

describe('sinkTicked', () => {
  it('puts ticked items below the open ones, each group in its own order', () => {
    const items = [
      { ticked: true, text: 'milk' },
      { ticked: false, text: 'eggs' },
      { ticked: null, text: 'note' },
      { ticked: true, text: 'bread' },
      { ticked: false, text: 'butter' },
    ];
    expect(sinkTicked(items).map((i) => i.text)).toEqual(['eggs', 'note', 'butter', 'milk', 'bread']);
  });
});
