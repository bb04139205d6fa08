/**
 * The whole domain of both specification documents (section 3), including the parts later
 * features use. Money is integer kopecks everywhere.
 */
export default `
CREATE TABLE cities (
  id serial PRIMARY KEY,
  subdomain text NOT NULL UNIQUE,
  name text NOT NULL,
  support_phone text NOT NULL,
  timezone text NOT NULL DEFAULT 'Europe/Moscow'
);

CREATE TABLE metro_stations (
  id serial PRIMARY KEY,
  city_id integer NOT NULL REFERENCES cities(id),
  name text NOT NULL
);

CREATE TABLE genres (
  id serial PRIMARY KEY,
  parent_id integer REFERENCES genres(id),
  name text NOT NULL,
  slug text NOT NULL UNIQUE
);

CREATE TABLE organizers (
  id serial PRIMARY KEY,
  name text NOT NULL,
  slug text NOT NULL UNIQUE,
  description text NOT NULL DEFAULT ''
);

CREATE TABLE persons (
  id serial PRIMARY KEY,
  name text NOT NULL,
  slug text NOT NULL UNIQUE,
  bio text NOT NULL DEFAULT '',
  image text
);

CREATE TABLE buildings (
  id serial PRIMARY KEY,
  city_id integer NOT NULL REFERENCES cities(id),
  name text NOT NULL,
  slug text NOT NULL UNIQUE,
  type text NOT NULL DEFAULT 'venue' CHECK (type IN ('venue', 'organizer')),
  address text NOT NULL,
  metro_station_id integer REFERENCES metro_stations(id),
  latitude double precision,
  longitude double precision,
  description text NOT NULL DEFAULT '',
  image text,
  widescreen_image text
);

CREATE TABLE halls (
  id serial PRIMARY KEY,
  building_id integer NOT NULL REFERENCES buildings(id),
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('theatre', 'concert', 'club', 'exhibition', 'arena', 'stadium')),
  svg text,
  width integer NOT NULL DEFAULT 0,
  height integer NOT NULL DEFAULT 0,
  navigation_image text,
  place_count integer NOT NULL DEFAULT 0
);

-- A section is either seated (places) or entrance (free seating, a counter per performance).
CREATE TABLE sections (
  id serial PRIMARY KEY,
  hall_id integer NOT NULL REFERENCES halls(id),
  name text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('seated', 'entrance')),
  capacity integer NOT NULL DEFAULT 0,
  svg_element_id text,
  sort integer NOT NULL DEFAULT 0
);
CREATE INDEX sections_hall ON sections(hall_id);

CREATE TABLE places (
  id serial PRIMARY KEY,
  hall_id integer NOT NULL REFERENCES halls(id),
  section_id integer NOT NULL REFERENCES sections(id),
  row_label text NOT NULL,
  number text NOT NULL,
  x real NOT NULL,
  y real NOT NULL,
  type text NOT NULL DEFAULT 'seat',
  -- Places with the same group id > 0 are sold together (a sofa, a table).
  group_id integer NOT NULL DEFAULT 0,
  -- The other place of an exclusive (star) pair, sold together with this one.
  exclusive_pair_place_id integer REFERENCES places(id),
  description text NOT NULL DEFAULT '',
  photo_url text,
  UNIQUE (section_id, row_label, number)
);
CREATE INDEX places_hall ON places(hall_id);

CREATE TABLE shows (
  id serial PRIMARY KEY,
  slug text NOT NULL UNIQUE,
  name text NOT NULL,
  genre_id integer NOT NULL REFERENCES genres(id),
  organizer_id integer REFERENCES organizers(id),
  building_id integer NOT NULL REFERENCES buildings(id),
  age_mark smallint NOT NULL CHECK (age_mark IN (0, 6, 12, 16, 18)),
  description text NOT NULL DEFAULT '',
  image text,
  duration_minutes integer,
  video_id text,
  tags text[] NOT NULL DEFAULT '{}',
  rating real NOT NULL DEFAULT 0,
  votes integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX shows_genre ON shows(genre_id);

CREATE TABLE show_persons (
  show_id integer NOT NULL REFERENCES shows(id),
  person_id integer NOT NULL REFERENCES persons(id),
  role text NOT NULL DEFAULT '',
  sort integer NOT NULL DEFAULT 0,
  PRIMARY KEY (show_id, person_id)
);

CREATE TABLE performances (
  id serial PRIMARY KEY,
  show_id integer NOT NULL REFERENCES shows(id),
  hall_id integer NOT NULL REFERENCES halls(id),
  starts_at timestamptz NOT NULL,
  sale_state text NOT NULL DEFAULT 'on_sale' CHECK (sale_state IN ('on_sale', 'soon', 'closed')),
  allow_reserve boolean NOT NULL DEFAULT true,
  allow_pay boolean NOT NULL DEFAULT true,
  max_ticket_count integer NOT NULL DEFAULT 8,
  max_gift_count_per_ticket integer NOT NULL DEFAULT 5,
  gift_price integer NOT NULL DEFAULT 0,
  cannot_create_order_cause text
);
CREATE INDEX performances_show ON performances(show_id, starts_at);
CREATE INDEX performances_start ON performances(starts_at);

-- A price category: one colour on the plan and its base price.
CREATE TABLE price_categories (
  id serial PRIMARY KEY,
  performance_id integer NOT NULL REFERENCES performances(id),
  color text NOT NULL,
  price integer NOT NULL CHECK (price >= 0),
  premium boolean NOT NULL DEFAULT false
);
CREATE INDEX price_categories_performance ON price_categories(performance_id);

-- Tariffs of a price category (full, student, ...). One is the default.
CREATE TABLE tariffs (
  id serial PRIMARY KEY,
  price_category_id integer NOT NULL REFERENCES price_categories(id),
  name text NOT NULL,
  price integer NOT NULL CHECK (price >= 0),
  is_default boolean NOT NULL DEFAULT false
);
CREATE INDEX tariffs_category ON tariffs(price_category_id);

-- One row per sellable place per performance: the unit the seat hold claims.
-- state: 0 free, 1 held (until held_until, by hold_session_id), 2 sold.
CREATE TABLE performance_places (
  id serial PRIMARY KEY,
  performance_id integer NOT NULL REFERENCES performances(id),
  place_id integer NOT NULL REFERENCES places(id),
  price_category_id integer NOT NULL REFERENCES price_categories(id),
  state smallint NOT NULL DEFAULT 0 CHECK (state IN (0, 1, 2)),
  hold_session_id text,
  held_until timestamptz,
  tariff_id integer REFERENCES tariffs(id),
  gifts_count integer NOT NULL DEFAULT 0,
  order_id integer,
  UNIQUE (performance_id, place_id)
);
CREATE INDEX performance_places_session ON performance_places(hold_session_id) WHERE hold_session_id IS NOT NULL;

-- Entrance (free-seating) section of a performance: a counter that never goes below zero.
CREATE TABLE performance_sections (
  id serial PRIMARY KEY,
  performance_id integer NOT NULL REFERENCES performances(id),
  section_id integer NOT NULL REFERENCES sections(id),
  price_category_id integer NOT NULL REFERENCES price_categories(id),
  capacity integer NOT NULL,
  free_count integer NOT NULL CHECK (free_count >= 0),
  UNIQUE (performance_id, section_id)
);

CREATE TABLE entrance_holds (
  id serial PRIMARY KEY,
  performance_section_id integer NOT NULL REFERENCES performance_sections(id),
  session_id text NOT NULL,
  tariff_id integer REFERENCES tariffs(id),
  ticket_count integer NOT NULL CHECK (ticket_count > 0),
  gifts_count integer NOT NULL DEFAULT 0,
  held_until timestamptz NOT NULL,
  order_id integer,
  UNIQUE (performance_section_id, session_id)
);
CREATE INDEX entrance_holds_session ON entrance_holds(session_id);

CREATE TABLE packages (
  id serial PRIMARY KEY,
  name text NOT NULL,
  tickets_in_performance_count integer NOT NULL
);
CREATE TABLE package_performances (
  package_id integer NOT NULL REFERENCES packages(id),
  performance_id integer NOT NULL REFERENCES performances(id),
  position integer NOT NULL,
  PRIMARY KEY (package_id, performance_id)
);

CREATE TABLE promo_banners (
  id serial PRIMARY KEY,
  city_id integer REFERENCES cities(id),
  placement_id integer NOT NULL,
  slot integer NOT NULL,
  show_id integer REFERENCES shows(id),
  image text NOT NULL,
  active boolean NOT NULL DEFAULT true,
  sort integer NOT NULL DEFAULT 0
);

CREATE TABLE users (
  id serial PRIMARY KEY,
  email text UNIQUE,
  email_confirmed boolean NOT NULL DEFAULT false,
  phone text,
  phone_country text NOT NULL DEFAULT 'RU',
  phone_confirmed boolean NOT NULL DEFAULT false,
  password_hash text,
  surname text NOT NULL DEFAULT '',
  first_name text NOT NULL DEFAULT '',
  patronymic text NOT NULL DEFAULT '',
  birth_date date,
  user_type text NOT NULL DEFAULT 'regular' CHECK (user_type IN ('regular', 'direct')),
  has_karma_stop boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sessions (
  id text PRIMARY KEY,
  user_id integer REFERENCES users(id),
  csrf_token text NOT NULL,
  partner_id integer,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE gift_cards (
  id serial PRIMARY KEY,
  number text NOT NULL UNIQUE,
  initial_balance integer NOT NULL,
  balance integer NOT NULL CHECK (balance >= 0),
  expires_at timestamptz
);

CREATE TABLE promo_codes (
  id serial PRIMARY KEY,
  code text NOT NULL UNIQUE,
  kind text NOT NULL CHECK (kind IN ('percent', 'fixed', 'bonus')),
  value integer NOT NULL,
  valid_until timestamptz,
  uses_left integer
);

CREATE TABLE orders (
  id serial PRIMARY KEY,
  session_id text NOT NULL,
  user_id integer REFERENCES users(id),
  access_token text NOT NULL UNIQUE,
  status text NOT NULL CHECK (status IN ('new', 'paid', 'cancelled', 'refunded')),
  email text NOT NULL,
  first_name text NOT NULL,
  surname text NOT NULL,
  patronymic text,
  phone text,
  payment_method text NOT NULL,
  delivery_method text NOT NULL,
  payment_card text,
  total integer NOT NULL CHECK (total >= 0),
  discount integer NOT NULL DEFAULT 0,
  promo_code_id integer REFERENCES promo_codes(id),
  gift_card_id integer REFERENCES gift_cards(id),
  gift_card_amount integer NOT NULL DEFAULT 0,
  bonus_amount integer NOT NULL DEFAULT 0,
  cashback_action text,
  delivery jsonb,
  partner_id integer,
  created_at timestamptz NOT NULL,
  paid_at timestamptz
);
CREATE INDEX orders_session ON orders(session_id);
CREATE INDEX orders_user ON orders(user_id);

CREATE TABLE order_items (
  id serial PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders(id),
  performance_id integer NOT NULL REFERENCES performances(id),
  performance_place_id integer REFERENCES performance_places(id),
  performance_section_id integer REFERENCES performance_sections(id),
  tariff_id integer REFERENCES tariffs(id),
  ticket_count integer NOT NULL DEFAULT 1,
  price integer NOT NULL,
  gifts_count integer NOT NULL DEFAULT 0,
  gift_price integer NOT NULL DEFAULT 0,
  CHECK ((performance_place_id IS NULL) <> (performance_section_id IS NULL))
);
CREATE INDEX order_items_order ON order_items(order_id);

CREATE TABLE tickets (
  id serial PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders(id),
  order_item_id integer NOT NULL REFERENCES order_items(id),
  performance_id integer NOT NULL REFERENCES performances(id),
  performance_place_id integer REFERENCES performance_places(id),
  performance_section_id integer REFERENCES performance_sections(id),
  code text NOT NULL UNIQUE,
  status text NOT NULL DEFAULT 'issued' CHECK (status IN ('issued', 'returned')),
  issued_at timestamptz NOT NULL
);
-- The last line of defence against a double sale: a bug must raise here, not sell one place twice.
CREATE UNIQUE INDEX tickets_one_issued_per_place ON tickets(performance_place_id)
  WHERE status = 'issued' AND performance_place_id IS NOT NULL;
CREATE INDEX tickets_order ON tickets(order_id);

CREATE TABLE payments (
  id text PRIMARY KEY,
  order_id integer NOT NULL REFERENCES orders(id),
  provider text NOT NULL,
  status text NOT NULL CHECK (status IN ('created', 'pending', 'succeeded', 'declined', 'refunded')),
  amount integer NOT NULL,
  decline_reason text,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX payments_order ON payments(order_id);

-- Provider callbacks are applied once: keyed by the provider's own event id.
CREATE TABLE payment_events (
  provider text NOT NULL,
  event_id text NOT NULL,
  payment_id text NOT NULL REFERENCES payments(id),
  kind text NOT NULL,
  payload jsonb NOT NULL DEFAULT '{}',
  received_at timestamptz NOT NULL,
  PRIMARY KEY (provider, event_id)
);

CREATE TABLE bonus_transactions (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id),
  amount integer NOT NULL,
  reason text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE bonus_accounts (
  user_id integer PRIMARY KEY REFERENCES users(id),
  balance integer NOT NULL DEFAULT 0 CHECK (balance >= 0)
);

CREATE TABLE reviews (
  id serial PRIMARY KEY,
  show_id integer NOT NULL REFERENCES shows(id),
  user_id integer REFERENCES users(id),
  author_name text NOT NULL,
  text text NOT NULL,
  rating smallint CHECK (rating BETWEEN 1 AND 5),
  answer_text text,
  answer_viewed boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX reviews_show ON reviews(show_id, created_at DESC);

CREATE TABLE ratings (
  show_id integer NOT NULL REFERENCES shows(id),
  voter_key text NOT NULL,
  score smallint NOT NULL CHECK (score BETWEEN 1 AND 5),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (show_id, voter_key)
);

CREATE TABLE bookmarks (
  user_id integer NOT NULL REFERENCES users(id),
  show_id integer NOT NULL REFERENCES shows(id),
  to_notify boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, show_id)
);

CREATE TABLE on_sale_requests (
  id serial PRIMARY KEY,
  show_id integer NOT NULL REFERENCES shows(id),
  email text NOT NULL,
  date_from date,
  date_to date,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- PIN codes for phone and e-mail confirmation (4 digits, attempts capped).
CREATE TABLE confirmation_codes (
  id serial PRIMARY KEY,
  session_id text NOT NULL,
  channel text NOT NULL CHECK (channel IN ('phone', 'email')),
  target text NOT NULL,
  code_hash text NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL
);

-- Counters for rate limits, shared by every server process.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  window_start timestamptz NOT NULL,
  count integer NOT NULL
);

-- Messages (e-mail, SMS) leave through this table; a sender delivers them.
CREATE TABLE outbox (
  id serial PRIMARY KEY,
  channel text NOT NULL CHECK (channel IN ('email', 'sms')),
  recipient text NOT NULL,
  subject text NOT NULL DEFAULT '',
  body_text text NOT NULL,
  body_html text,
  attachments jsonb NOT NULL DEFAULT '[]',
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  order_id integer,
  created_at timestamptz NOT NULL,
  sent_at timestamptz
);

CREATE TABLE partners (
  id serial PRIMARY KEY,
  name text NOT NULL,
  hash text NOT NULL UNIQUE,
  allowed_origins text[] NOT NULL DEFAULT '{}',
  cashback_percent integer NOT NULL DEFAULT 0,
  own_pay_flow boolean NOT NULL DEFAULT false,
  notify_secret text
);

CREATE TABLE box_offices (
  id serial PRIMARY KEY,
  city_id integer NOT NULL REFERENCES cities(id),
  name text NOT NULL,
  latitude double precision NOT NULL,
  longitude double precision NOT NULL,
  content text NOT NULL DEFAULT '',
  metro_station_id integer REFERENCES metro_stations(id),
  division_id integer,
  online boolean NOT NULL DEFAULT false
);

CREATE TABLE promotions (
  id serial PRIMARY KEY,
  name text NOT NULL,
  reward_type_code text NOT NULL CHECK (reward_type_code IN ('fixed_value', 'multiplier', 'percent', 'added_value')),
  reward_value integer NOT NULL,
  description text NOT NULL DEFAULT '',
  starts_on date,
  img_src text
);

CREATE TABLE ui_performance_log (
  id serial PRIMARY KEY,
  kind text NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
`;
