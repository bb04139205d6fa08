/**
 * Box offices (site-browsing-account.md 2.10, decision 0041): ?idd= filters the points by
 * division, so a division is a row with a name the page can offer (a city's administrative
 * district: 'ЦАО', 'Петроградский район'); a point keeps its address and opening hours in their
 * own columns, and `content` becomes the point's note as plain text. The balloon's HTML that the
 * spec's answer carries is written from these fields by the server, every text escaped, so no
 * stored markup ever reaches a page.
 *
 * A database seeded before this migration kept the balloon's markup in `content`
 * ('<p><b>name</b><br>address<br>hours</p>') and a division number without a table: the address
 * and hours are taken out of the markup, and the numbers, which named nothing, are cleared.
 */
export default `
CREATE TABLE box_office_divisions (
  id serial PRIMARY KEY,
  city_id integer NOT NULL REFERENCES cities(id),
  name text NOT NULL,
  sort integer NOT NULL DEFAULT 0
);
CREATE INDEX box_office_divisions_city ON box_office_divisions(city_id);

ALTER TABLE box_offices
  ADD COLUMN address text NOT NULL DEFAULT '',
  ADD COLUMN hours text NOT NULL DEFAULT '';

UPDATE box_offices
   SET address = coalesce((regexp_match(content, '^<p><b>.*?</b><br>(.*?)<br>(.*?)</p>$'))[1], ''),
       hours = coalesce((regexp_match(content, '^<p><b>.*?</b><br>(.*?)<br>(.*?)</p>$'))[2], ''),
       content = ''
 WHERE content LIKE '<p>%';

UPDATE box_offices SET division_id = NULL WHERE division_id IS NOT NULL;
ALTER TABLE box_offices
  ADD CONSTRAINT box_offices_division FOREIGN KEY (division_id) REFERENCES box_office_divisions(id);
CREATE INDEX box_offices_city ON box_offices(city_id);
`;
