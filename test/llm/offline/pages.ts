/**
 * Realistic pages for the offline engine: each states its facts the way real
 * sites do (JSON-LD, microdata, RDFa, OpenGraph, tables, "Label: value"),
 * with the markdown Trawl would produce beside the HTML.
 */

export const productPage = {
  url: 'https://shop.example/chairs/aeron',
  html: `<!doctype html><html lang="en"><head>
<title>Aeron Chair – Remastered | Office Shop</title>
<meta name="description" content="The Aeron Chair, remastered: ergonomic seating for long days.">
<meta property="og:title" content="Aeron Chair – Remastered">
<meta property="og:image" content="https://shop.example/img/aeron.jpg">
<script type="application/ld+json">
{"@context":"https://schema.org","@graph":[
 {"@type":"BreadcrumbList","itemListElement":[{"@type":"ListItem","position":1,"name":"Chairs","item":"https://shop.example/chairs"}]},
 {"@type":"Product","name":"Aeron Chair – Remastered","sku":"AER-RM-B","image":"https://shop.example/img/aeron.jpg",
  "brand":{"@type":"Brand","name":"Herman Miller"},
  "offers":{"@type":"Offer","price":"1,395.00","priceCurrency":"USD","availability":"https://schema.org/InStock"},
  "aggregateRating":{"@type":"AggregateRating","ratingValue":"4.6","reviewCount":"312"}}
]}
</script></head><body>
<nav><ul><li><a href="/">Home</a></li><li><a href="/chairs">Chairs</a></li></ul></nav>
<main><h1>Aeron Chair – Remastered</h1>
<p>Designed for eight hours and more, the Aeron supports your posture all day.</p>
<table class="specs"><tr><th>Weight</th><td>19.5 kg</td></tr><tr><th>Warranty</th><td>12 years</td></tr><tr><th>Colour</th><td>Graphite</td></tr></table>
</main></body></html>`,
  markdown: `# Aeron Chair – Remastered

Designed for eight hours and more, the Aeron supports your posture all day.

| Weight | 19.5 kg |
| --- | --- |
| Warranty | 12 years |
| Colour | Graphite |
`,
};

export const listingPage = {
  url: 'https://shop.example/lamps',
  html: `<html><head><title>Desk lamps</title></head><body>
<ul class="nav"><li><a href="/">Home</a></li><li><a href="/lamps">Lamps</a></li></ul>
<div class="grid">
  <div class="product-card" itemscope itemtype="https://schema.org/Product">
    <h3 itemprop="name">Arco Mini</h3><span class="price">€89.90</span>
    <a href="/lamps/arco-mini">Details</a><span class="stock">In stock</span></div>
  <div class="product-card" itemscope itemtype="https://schema.org/Product">
    <h3 itemprop="name">Tolomeo Micro</h3><span class="price">€1.249,00</span>
    <a href="/lamps/tolomeo">Details</a><span class="stock">Sold out</span></div>
  <div class="product-card" itemscope itemtype="https://schema.org/Product">
    <h3 itemprop="name">Anglepoise 90</h3><span class="price">€145</span>
    <a href="/lamps/anglepoise">Details</a><span class="stock">In stock</span></div>
</div></body></html>`,
  markdown: '# Desk lamps\n\n### Arco Mini\n€89.90\n\n### Tolomeo Micro\n€1.249,00\n\n### Anglepoise 90\n€145\n',
};

export const articlePage = {
  url: 'https://news.example/2025/03/river-cleanup',
  html: `<html lang="en"><head><title>Volunteers pull two tonnes of waste from the Elm River | Daily Ledger</title>
<meta property="og:type" content="article">
<meta property="og:title" content="Volunteers pull two tonnes of waste from the Elm River">
<meta property="og:description" content="A weekend clean-up drew 400 volunteers.">
<meta property="article:published_time" content="2025-03-16T08:30:00Z">
<meta property="article:section" content="Environment">
<meta name="author" content="Maria Okafor">
<meta name="keywords" content="river, cleanup, volunteers">
</head><body><article><h1>Volunteers pull two tonnes of waste from the Elm River</h1>
<p class="byline">By Maria Okafor</p>
<p>More than 400 volunteers removed two tonnes of waste from the Elm River over the weekend, the largest clean-up in the city's history.</p>
</article></body></html>`,
  markdown: `# Volunteers pull two tonnes of waste from the Elm River

By Maria Okafor

More than 400 volunteers removed two tonnes of waste from the Elm River over the weekend, the largest clean-up in the city's history. The waste included shopping trolleys, tyres and more than nine thousand plastic bottles.

Organisers from the Elm River Trust said the river had not been cleaned on this scale since 1998. The volunteers worked along a six kilometre stretch between the old mill and the harbour.

The city council has promised to install new litter traps at three storm drains before the summer. Local schools will monitor the river water quality every month.

Subscribe to our newsletter for more local news.
`,
};

export const eventPage = {
  url: 'https://venue.example/events/jazz-night',
  html: `<html><head><title>Jazz Night with the Blue Trio</title></head><body>
<div itemscope itemtype="https://schema.org/MusicEvent">
  <h1 itemprop="name">Jazz Night with the Blue Trio</h1>
  <p>When: <time itemprop="startDate" datetime="2025-06-14T20:00">Saturday 14 June, 8 pm</time>
     until <time itemprop="endDate" datetime="2025-06-14T23:00">11 pm</time></p>
  <div itemprop="location" itemscope itemtype="https://schema.org/Place">
    <span itemprop="name">The Cellar Club</span>,
    <div itemprop="address" itemscope itemtype="https://schema.org/PostalAddress">
      <span itemprop="streetAddress">12 Harbour Lane</span>, <span itemprop="addressLocality">Bristol</span>
    </div>
  </div>
  <div itemprop="offers" itemscope itemtype="https://schema.org/Offer">Tickets: <span itemprop="price" content="18.50">£18.50</span>
    <meta itemprop="priceCurrency" content="GBP"></div>
  <div itemprop="performer" itemscope itemtype="https://schema.org/MusicGroup"><span itemprop="name">The Blue Trio</span></div>
</div></body></html>`,
  markdown: '# Jazz Night with the Blue Trio\n\nWhen: Saturday 14 June, 8 pm until 11 pm\n\nThe Cellar Club, 12 Harbour Lane, Bristol\n\nTickets: £18.50\n',
};

export const rdfaEventPage = {
  url: 'https://library.example/talks/maps',
  html: `<html><body vocab="https://schema.org/">
<div typeof="Event"><h1 property="name">Old maps of the county</h1>
<p>Date: <span property="startDate" content="2025-09-02T18:30:00">2 September, 6.30 pm</span></p>
<p property="description">A talk on the county's earliest printed maps.</p>
<p>Entry is <span property="isAccessibleForFree" content="true">free</span>.</p></div></body></html>`,
  markdown: "# Old maps of the county\n\nDate: 2 September, 6.30 pm\n\nA talk on the county's earliest printed maps.\n\nEntry is free.\n",
};

export const recipePage = {
  url: 'https://cook.example/recipes/lemon-drizzle',
  html: `<html><head><title>Lemon drizzle cake</title>
<script type="application/ld+json">{"@context":"https://schema.org/","@type":"Recipe","name":"Lemon drizzle cake",
"author":{"@type":"Person","name":"Ben Carter"},"prepTime":"PT15M","cookTime":"PT45M","recipeYield":"8 slices",
"recipeIngredient":["225g butter","225g caster sugar","4 eggs","2 lemons, zested"],
"recipeInstructions":[{"@type":"HowToStep","text":"Heat the oven to 180C."},{"@type":"HowToStep","text":"Beat the butter and sugar."},{"@type":"HowToStep","text":"Bake for 45 minutes."}],
"nutrition":{"@type":"NutritionInformation","calories":"390 kcal"},}</script></head>
<body><h1>Lemon drizzle cake</h1></body></html>`,
  markdown: '# Lemon drizzle cake\n\nA classic tea-time cake.\n',
};

export const jobPage = {
  url: 'https://careers.example/jobs/backend-engineer',
  html: `<html><head><title>Senior Backend Engineer – Careers at Fernweh</title></head><body>
<h1>Senior Backend Engineer</h1>
<p><strong>Location:</strong> Berlin (hybrid)</p>
<p><strong>Salary:</strong> €75,000 – €90,000 a year</p>
<p><strong>Employment type:</strong> Full-time</p>
<p><strong>Remote:</strong> Yes</p>
<h2>Requirements</h2><ul><li>5+ years of backend development</li><li>Experience with PostgreSQL</li><li>Fluent English</li></ul>
<h2>What you will do</h2><ul><li>Design APIs</li><li>Mentor engineers</li></ul>
</body></html>`,
  markdown: `# Senior Backend Engineer

**Location:** Berlin (hybrid)

**Salary:** €75,000 – €90,000 a year

**Employment type:** Full-time

**Remote:** Yes

## Requirements

- 5+ years of backend development
- Experience with PostgreSQL
- Fluent English

## What you will do

- Design APIs
- Mentor engineers
`,
};

export const jobsTablePage = {
  url: 'https://careers.example/jobs',
  html: `<html><body><h1>Open positions</h1><table>
<thead><tr><th>Title</th><th>Team</th><th>Location</th><th>Posted</th></tr></thead>
<tbody>
<tr><td><a href="/jobs/backend-engineer">Senior Backend Engineer</a></td><td>Platform</td><td>Berlin</td><td>2025-05-02</td></tr>
<tr><td><a href="/jobs/designer">Product Designer</a></td><td>Design</td><td>Lisbon</td><td>2025-05-09</td></tr>
</tbody></table></body></html>`,
  markdown: '# Open positions\n\n| Title | Team | Location | Posted |\n| --- | --- | --- | --- |\n| Senior Backend Engineer | Platform | Berlin | 2025-05-02 |\n| Product Designer | Design | Lisbon | 2025-05-09 |\n',
};

export const contactPage = {
  url: 'https://studio.example/contact',
  html: `<html><head><title>Contact – Northlight Studio</title></head><body>
<h1>Contact us</h1>
<dl class="contact">
  <dt>Phone</dt><dd><a href="tel:+441632960123">+44 1632 960123</a></dd>
  <dt>E-mail</dt><dd><a href="mailto:hello@northlight.example">hello@northlight.example</a></dd>
  <dt>Address</dt><dd>4 Mill Yard, Leeds LS1 4AB</dd>
</dl>
<p>Opening hours: Mon–Fri 9:00–17:30</p>
</body></html>`,
  markdown: '# Contact us\n\nPhone\n: +44 1632 960123\n\nOpening hours: Mon–Fri 9:00–17:30\n',
};
