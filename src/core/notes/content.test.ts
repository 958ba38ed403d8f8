import { describe, expect, it } from 'vitest';
import {
  imageMarkup,
  isSafeImageDataUrl,
  joinNoteContent,
  notePreview,
  parseNoteContent,
  photoAt,
  splitNoteContent,
  withPhotoPaths,
} from './content.ts';

const PNG = 'data:image/png;base64,iVBORw0KGgo=';
const JPEG = 'data:image/jpeg;base64,/9j/4AAQSkZJRg==';

describe('isSafeImageDataUrl', () => {
  it.each([
    [PNG, true],
    [JPEG, true],
    ['data:image/webp;base64,UklGRg==', true],
    ['data:image/svg+xml;base64,PHN2Zz4=', false],
    ['data:text/html;base64,PGgxPg==', false],
    ['javascript:alert(1)', false],
    ['https://example.com/a.png', false],
    ['data:image/png;base64,abc"onerror="x', false],
  ])('%s → %s', (url, expected) => {
    expect(isSafeImageDataUrl(url)).toBe(expected);
  });

  it('imageMarkup refuses anything else', () => {
    expect(imageMarkup(PNG)).toBe(`![photo](${PNG})`);
    expect(() => imageMarkup('javascript:alert(1)')).toThrow();
  });
});

describe('parseNoteContent', () => {
  it('groups paragraphs, bullet runs and photos in order', () => {
    const content = `Trip\nSaturday\n\n• tent\n- stove\n* matches\nafter\n![photo](${PNG})\n• last`;
    expect(parseNoteContent(content)).toEqual([
      { kind: 'paragraph', text: 'Trip\nSaturday' },
      {
        kind: 'bullets',
        items: [
          { text: 'tent', ticked: null, line: 3 },
          { text: 'stove', ticked: null, line: 4 },
          { text: 'matches', ticked: null, line: 5 },
        ],
      },
      { kind: 'paragraph', text: 'after' },
      { kind: 'image', src: PNG },
      { kind: 'bullets', items: [{ text: 'last', ticked: null, line: 8 }] },
    ]);
  });

  it('reads checklist items with their box and line, in content order', () => {
    expect(parseNoteContent('Shop\n• [x] milk\n- [ ] eggs\n• bread')).toEqual([
      { kind: 'paragraph', text: 'Shop' },
      {
        kind: 'bullets',
        items: [
          { text: 'milk', ticked: true, line: 1 },
          { text: 'eggs', ticked: false, line: 2 },
          { text: 'bread', ticked: null, line: 3 },
        ],
      },
    ]);
  });

  it('keeps HTML and unsafe image markup as plain text', () => {
    const content = '<img src=x onerror=alert(1)>\n![photo](data:image/svg+xml;base64,PHN2Zz4=)';
    expect(parseNoteContent(content)).toEqual([{ kind: 'paragraph', text: content }]);
  });

  it('gives no blocks for empty content', () => {
    expect(parseNoteContent('')).toEqual([]);
    expect(parseNoteContent('\n\n')).toEqual([]);
  });
});

describe('splitNoteContent / joinNoteContent', () => {
  it('separates photos from the text and joins them back after it', () => {
    const content = `• milk\n![photo](${PNG})\n• eggs\n![photo](${JPEG})\n`;
    const { text, images } = splitNoteContent(content);
    expect(text).toBe('• milk\n• eggs');
    expect(images).toEqual([PNG, JPEG]);
    expect(joinNoteContent(text, images)).toBe(`• milk\n• eggs\n![photo](${PNG})\n![photo](${JPEG})`);
  });

  it('round-trips content whose photos already follow the text', () => {
    const content = `Hello\n\nworld\n![photo](${PNG})`;
    const { text, images } = splitNoteContent(content);
    expect(joinNoteContent(text, images)).toBe(content);
  });

  it('handles text only and photos only', () => {
    expect(joinNoteContent('just text  \n', [])).toBe('just text');
    expect(joinNoteContent('  ', [PNG])).toBe(`![photo](${PNG})`);
    expect(splitNoteContent('')).toEqual({ text: '', images: [] });
  });
});

describe('notePreview', () => {
  it('joins lines without markers or photos and shortens long text', () => {
    expect(notePreview(`• milk\n• eggs\n![photo](${PNG})`)).toBe('milk, eggs');
    expect(notePreview('a'.repeat(100), 10)).toBe(`${'a'.repeat(9)}…`);
  });

  it('leaves out checklist boxes', () => {
    expect(notePreview('• [x] milk\n- [ ] eggs')).toBe('milk, eggs');
  });

  it('never cuts an emoji in half (issue 44): the cut falls before it', () => {
    expect(notePreview(`${'a'.repeat(8)}🎂 party at noon`, 10)).toBe(`${'a'.repeat(8)}…`);
    expect(notePreview('🇳🇿🇳🇿 trip', 7)).toBe('🇳🇿…');
  });
});

describe('withPhotoPaths and photoAt (issue 20: the list names photos, one route serves them)', () => {
  const png = 'data:image/png;base64,iVBORw0KGgo=';
  const jpg = 'data:image/jpg;base64,/9j/AAAA';
  const content = `Trip\n![photo](${png})\ntext\n![photo](${jpg})`;

  it('replaces each photo with its path, counting from 0 in content order, and the board still shows images', () => {
    const listed = withPhotoPaths(content, (i) => `/api/notes/7/photos/${String(i)}?v=12`);
    expect(listed).toBe(
      'Trip\n![photo](/api/notes/7/photos/0?v=12)\ntext\n![photo](/api/notes/7/photos/1?v=12)',
    );
    expect(parseNoteContent(listed).filter((b) => b.kind === 'image')).toEqual([
      { kind: 'image', src: '/api/notes/7/photos/0?v=12' },
      { kind: 'image', src: '/api/notes/7/photos/1?v=12' },
    ]);
    expect(notePreview(listed)).toBe('Trip, text');
  });

  it('finds the photo at an index, or null', () => {
    expect(photoAt(content, 0)).toEqual({ mimeType: 'image/png', base64: 'iVBORw0KGgo=' });
    expect(photoAt(content, 1)).toEqual({ mimeType: 'image/jpg', base64: '/9j/AAAA' });
    expect(photoAt(content, 2)).toBeNull();
  });

  it('takes no other path as a photo source', () => {
    expect(parseNoteContent('![photo](/api/notes/7/../../x)')).toEqual([
      { kind: 'paragraph', text: '![photo](/api/notes/7/../../x)' },
    ]);
  });
});
