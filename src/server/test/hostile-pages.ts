import { articlePage } from './feed-server.js';

/** Article pages built to stop a reader (issue 24), for the tests and the bench. */

const PARAGRAPH = 'The company opened a new plant in the region this week, and its chief executive said more would follow next year.';

/** 1,500 nested <div>s around one paragraph: 17 KB that held Readability on linkedom for a minute. */
export function deeplyNestedPage(depth = 1500): string {
  return `<!doctype html><html><head><title>Nested</title></head><body>${'<div>'.repeat(depth)}<p>${PARAGRAPH}</p>${'</div>'.repeat(depth)}</body></html>`;
}

/** An ordinary article page of about `chars` characters: one paragraph after another, each in its block. */
export function longPage(chars: number): string {
  const paragraphs: string[] = [];
  let length = 0;
  for (let i = 0; length < chars; i++) {
    const block = `<div class="row"><span>${i}</span><p>Paragraph ${i}. ${PARAGRAPH}</p></div>`;
    paragraphs.push(block);
    length += block.length;
  }
  return `<!doctype html><html><head><title>Long</title></head><body><article>${paragraphs.join('')}</article></body></html>`;
}

/** A page of many small elements (a list of `count` items), few bytes each. */
export function crowdedPage(count: number): string {
  return `<!doctype html><html><head><title>Crowded</title></head><body><ul>${'<li><b>x</b></li>'.repeat(count / 2)}</ul><p>${PARAGRAPH}</p></body></html>`;
}

/** A normal article, as an outlet publishes it. */
export const normalArticle = () =>
  articlePage({
    site: 'The Gulf Ledger',
    title: 'Gulf Robotics opens a plant in Dubai',
    publishedAt: new Date('2026-11-20T08:00:00Z'),
    paragraphs: [
      'Gulf Robotics today announced a new manufacturing plant in Dubai Industrial City, creating 300 jobs for engineers and technicians.',
      'The plant will build welding robots for car makers across the Gulf region, with production starting in the second quarter of 2027.',
      'Chief executive Layla Haddad said the plant marks a new chapter for regional manufacturing and for the company’s suppliers.',
    ],
  });
