import { describe, expect, it } from 'vitest';
import { newBullet, withTicked, type BulletItem } from './bullet-editor.tsx';

/** The key of the bullet whose text is `text`. */
const keyOf = (bullets: readonly BulletItem[], text: string) =>
  bullets.find((b) => b.text === text)?.key ?? -1;
const texts = (bullets: readonly BulletItem[]) => bullets.map((b) => `${b.ticked ? 'x' : 'o'} ${b.text}`);

describe('newBullet', () => {
  it('gives every bullet its own key, an open plain bullet by default', () => {
    const a = newBullet();
    const b = newBullet({ ticked: false, text: 'milk' });
    expect(a.key).not.toBe(b.key);
    expect(a).toMatchObject({ ticked: null, text: '' });
    expect(b).toMatchObject({ ticked: false, text: 'milk' });
  });
});

describe('withTicked', () => {
  const list = () => [
    newBullet({ ticked: false, text: 'milk' }),
    newBullet({ ticked: false, text: 'eggs' }),
    newBullet({ ticked: true, text: 'bread' }),
    newBullet({ ticked: true, text: 'butter' }),
  ];

  it('sinks a ticked item to the end', () => {
    const bullets = list();
    expect(texts(withTicked(bullets, keyOf(bullets, 'milk'), true))).toEqual([
      'o eggs',
      'x bread',
      'x butter',
      'x milk',
    ]);
  });

  it('raises an unticked item to just above the first ticked one', () => {
    const bullets = list();
    expect(texts(withTicked(bullets, keyOf(bullets, 'butter'), false))).toEqual([
      'o milk',
      'o eggs',
      'o butter',
      'x bread',
    ]);
  });

  it('puts an unticked item last when nothing is ticked, and changes nothing for an unknown key', () => {
    const open = [newBullet({ ticked: true, text: 'milk' }), newBullet({ ticked: false, text: 'eggs' })];
    expect(texts(withTicked(open, keyOf(open, 'milk'), false))).toEqual(['o eggs', 'o milk']);
    const bullets = list();
    const same = withTicked(bullets, -1, true);
    expect(same).toEqual(bullets);
    expect(same).not.toBe(bullets);
  });
});
