// What marks page chrome by name: words of class names and ids, and the headings that
// open a comment section, a list of related stories, tags or an author box, in the
// languages pages are commonly written in.

// Words of class names and ids that mark chrome. A word matches after a start or a
// separator and is not followed by more lower-case letters, so "ad" matches "ad-slot" and
// "ad2" but not "header", "add" or "badge". camelCase humps are not boundaries: generated
// names like "anchorWithStickyNavbar_LWe7" would match. "header" and "banner" are left out:
// article headers and hero banners carry titles.
const BOILERPLATE_WORDS = [
  // navigation
  'nav', 'navbar', 'navigation', 'subnav', 'sidenav', 'topnav', 'menu', 'menubar', 'breadcrumb',
  'breadcrumbs', 'crumbs', 'pagination', 'pager', 'paginate', 'toc', 'table-of-contents', 'skip-link',
  'skiplink', 'skip-to-content', 'jump', 'back-to-top', 'prev-next', 'post-navigation',
  // site chrome
  'masthead', 'site-header', 'global-header', 'topbar', 'top-bar', 'footer', 'colophon', 'sidebar',
  'side-bar', 'widget', 'widgets', 'announcement', 'language-selector', 'lang-selector',
  'language-switcher', 'locale-switcher', 'searchbar', 'search-form', 'search-box', 'buttons', 'print',
  'noprint', 'edit-this-page', 'feedback', 'tooltip', 'slider-counter', 'ticker', 'newsticker',
  // consent, pop-ups, sign-ups
  'cookie', 'cookies', 'consent', 'gdpr', 'dsgvo', 'onetrust', 'modal', 'popup', 'pop-up', 'overlay',
  'interstitial', 'newsletter', 'subscribe', 'subscription', 'signup', 'sign-up', 'optin', 'opt-in',
  'paywall', 'login', 'cta', 'donation', 'donations', 'donate', 'spende', 'spenden', 'promotion', 'upsell',
  'buybox', 'buy-box', 'flyout', 'disclosure',
  'reading-time', 'read-time', 'readtime',
  // advertising
  'ad', 'ads', 'advert', 'adverts', 'advertisement', 'advertising', 'adslot', 'adsbygoogle', 'dfp',
  'sponsor', 'sponsored', 'sponsors', 'promo', 'promoted', 'outbrain', 'taboola', 'affiliate',
  // sharing, related content, comments
  'social', 'share', 'shares', 'sharing', 'sharethis', 'addthis', 'shariff', 'related', 'relatedposts',
  'recommended', 'recommendations', 'read-next', 'more-stories', 'most-read', 'most-popular',
  'trending', 'comment', 'comments', 'respond', 'disqus', 'reactions', 'suggestions', 'bookmark',
  'sharedaddy', 'likes', 'wp-embedded-content',
  // about the article rather than the article: author boxes, bylines, dates, tags, ratings
  'author', 'authors', 'author-box', 'author-bio', 'byline', 'bio', 'meta', 'metadata', 'postmeta',
  'post-meta', 'entry-meta', 'postmetadata', 'metaline', 'dateline', 'date', 'published', 'timestamp',
  'tags', 'tag-list', 'taglist', 'tagcloud', 'catlinks', 'categories', 'rating', 'ratings', 'credit',
  'credits', 'embed', 'copyright', 'licence', 'license', 'contactbox', 'contact-box', 'contact-teaser',
  'image-source', 'teasers', 'teaser-collection', 'aside-teaser',
  // text only screen readers see
  'sr-only', 'visually-hidden', 'screen-reader-text',
];

// Comment sections and cookie-consent panels are chrome however long they run: a busy thread,
// or a panel describing every cookie, outweighs the article.
export const COMMENTS_NAME =
  /(?:^|[^A-Za-z0-9])(?:[cC]omments?|[rR]espond|[dD]isqus|[rR]eactions|[cC]ookies?|[cC]onsent|[gG]dpr|GDPR|[dD]sgvo|DSGVO)(?![a-z])/;

// Class names that hide an element on every screen (utility CSS), not only on some.
export const HIDDEN_CLASS = /(?:^|\s)(?:hidden|hide|d-none|is-hidden|invisible)(?:\s|$)/;

export const BOILERPLATE_NAME = new RegExp(
  `(?:^|[^A-Za-z0-9])(?:${BOILERPLATE_WORDS.map((w) => `[${w[0]}${w[0]!.toUpperCase()}]${w.slice(1)}`).join('|')})(?![a-z])`,
);

// Headings that open a section of chrome, lower-cased; a heading matches when its text
// starts with one (after an optional count: "12 Kommentare", "3 responses to …").
const SECTION_HEADINGS = [
  // comments
  'comment', 'comments', 'leave a comment', 'leave a reply', 'post a comment', 'responses',
  'kommentar', 'kommentare', 'kommentieren', 'antworten', 'leserkommentare',
  'commentaire', 'commentaires', 'laisser un commentaire', 'réagir', 'comentario', 'comentarios',
  'deja un comentario', 'deixe um comentário', 'comentários', 'commenti', 'lascia un commento',
  'reacties', 'reactie', 'komentarze', 'komentarz', 'kommentarer', 'kommentit', 'комментарии',
  'no comments', 'no responses', 'no response so far', 'keine kommentare', 'noch keine kommentare',
  'kommentar verfassen', 'kommentar schreiben', 'einen kommentar schreiben', 'schreibe einen kommentar',
  'hinterlasse einen kommentar', 'write a comment', 'add a comment', 'join the discussion',
  'join the conversation', 'vos réactions', 'vos commentaires', 'tus comentarios', 'deja tu comentario',
  // related and further stories
  'related', 'you may also like', 'you might also like', 'you may be interested', 'more from',
  'more on this', 'more stories', 'read more', 'read next', 'recommended', 'most read', 'most popular',
  'popular posts', 'recent posts', 'latest news', 'also read',
  'ähnliche', 'auch interessant', 'das könnte sie auch interessieren', 'das könnte dich auch interessieren',
  'mehr zum thema', 'mehr aus', 'mehr zu', 'weitere artikel', 'weitere beiträge', 'lesen sie auch',
  'lesen sie mehr', 'auch lesenswert', 'verwandte', 'meistgelesen', 'beliebte', 'neueste beiträge',
  'aktuelle beiträge', 'letzte beiträge', 'empfehlungen', 'articles similaires', 'à lire aussi',
  'lire aussi', 'sur le même sujet', 'à découvrir', 'artículos relacionados', 'noticias relacionadas',
  'te puede interesar', 'también te puede interesar', 'lo más leído', 'articoli correlati',
  'potrebbe interessarti', 'leggi anche', 'gerelateerde', 'lees ook', 'zobacz też', 'zobacz także',
  'czytaj też', 'czytaj także', 'polecane', 'leia também', 'mais lidas', 'relacionados',
  'похожие', 'читайте также', 'schon gelesen', 'weiterführende', 'weiterführender link', 'further reading', 'notas relacionadas', 'see also', 'read also', 'das thema könnte dich auch interessieren',
  'das könnte dich interessieren', 'lire également', 'à lire également', 'le puede interesar',
  'lea también', 'lee también', 'ver también', 'vedi anche', 'veja também', 'przeczytaj też',
  'przeczytaj także', 'dowiedz się więcej', 'czytaj więcej', 'siehe auch', 'mehr interessantes',
  'entdecke weitere', 'entdecken sie weitere', 'top themen', 'redaktionstipp', 'lesetipp', 'lesetipps',
  'diese artikel könnten', 'temas relacionados', 'vea también', 'mira también', 'zobacz również',
  // tags, sharing, the author
  'tags', 'schlagwörter', 'schlagworte', 'share', 'teilen', 'diesen artikel teilen', 'partager',
  'compartir', 'condividi', 'about the author', 'über den autor', 'über die autorin', 'zum autor',
  'à propos de l’auteur', 'sobre el autor', 'newsletter',
  // boxes about the series, the context or the subject rather than the article
  'zusatzinformationen', 'audios et vidéos sur le sujet', 'contexto de la noticia',
  'diskutieren sie mit', 'über diese reihe', 'lo más visto', 'suggested citation', 'zitiervorschlag',
  'quellenangaben', 'originalpublikation', 'originalartikel',
  // a teaser of the next (or previous) story
  'der nächste beitrag', 'der nächste artikel', 'vorschau auf den nächsten artikel', 'up next', 'next up',
  'nächster beitrag', 'vorheriger beitrag', 'next post', 'previous post', 'next article', 'previous article',
  'article suivant', 'article précédent', 'siguiente artículo', 'artículo anterior',
  'read further', 'stay up-to-date', 'stay up to date', 'stay informed', 'bleiben sie auf dem laufenden',
  'bleib auf dem laufenden', 'restez informé', 'mantente informado',
];

/** A line that ends a sentence: its last mark ends one, before a closing quote or bracket. */
export function endsSentence(line: string): boolean {
  return /[.!?。！？…]["'”“«»)」]?$/u.test(line);
}

/**
 * A line of text as the line markers below read it: its white space collapsed, trimmed and
 * lower-cased, once for all of them.
 */
export function asLine(text: string): string {
  return collapseWhiteSpace(text).trim().toLowerCase();
}

// White space other than a lone " ": where a text has none, collapsing it changes nothing.
const UNCOLLAPSED = /[^\S ]| {2}/;

/** The text with each run of white space one " ". Most lines need no change: they are only looked at. */
export function collapseWhiteSpace(text: string): string {
  return UNCOLLAPSED.test(text) ? text.replace(/\s+/g, ' ') : text;
}

const escape = (h: string) => h.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const SECTION_HEADING = new RegExp(`^(?:\\d+\\s+)?(?:${SECTION_HEADINGS.map(escape).join('|')})(?![\\p{L}])`, 'u');

// Words that lead to another story only when a colon follows ("Lea: <link>", "Puedes ver:
// <link>"): as the start of a heading they may be a name or a sentence ("Lea Müller wins").
const LEAD_INS = ['lea', 'lea más', 'lee', 'lee más', 'mira', 'mire', 'vea', 'puedes ver', 'auch lesen', 'mehr lesen', 'auch auf'];

const LEAD_IN = new RegExp(`^[>»›►▶→\\s]*(?:${[...SECTION_HEADINGS, ...LEAD_INS].map(escape).join('|')})\\s*[:|»›–—-]`, 'u');

/**
 * A line that leads to other stories ("Lesen Sie auch: <link>", "LE PUEDE INTERESAR: <link>"):
 * its opening words, then a colon or a dash, then the rest.
 */
export function leadsElsewhere(line: string): boolean {
  return LEAD_IN.test(line);
}

/** A heading whose words open a comment section, related stories, tags or an author box. */
export function opensChromeSection(line: string): boolean {
  return line.length > 0 && line.length <= 60 && (SECTION_HEADING.test(line) || ON_SITE.test(line));
}

// "Auch auf gofeminin.de", "Also on example.com": the site's other stories. The domain is
// needed: "Auch auf Reisen" heads a part of the article.
const ON_SITE = /^(?:auch auf|also on|aussi sur|también en|anche su) [a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}$/;

// Lines that are a control or a label of the page rather than text of the article, matched
// whole: share and print buttons, "back to the overview", "read more", by-lines and dates.
const CHROME_LABELS = [
  'share', 'share this', 'share this article', 'share on facebook', 'share on twitter', 'tweet', 'print',
  'email', 'e-mail', 'save', 'bookmark', 'back', 'back to top', 'back to overview', 'read more',
  'continue reading', 'permalink', 'advertisement', 'ad', 'sponsored', 'loading', 'rate this',
  'rate this article', 'was this article helpful', 'updated', 'published', 'by', 'source', 'sources',
  'teilen', 'artikel teilen', 'diesen artikel teilen', 'diese seite teilen', 'seite teilen', 'drucken',
  'seite drucken', 'artikel drucken', 'merken', 'speichern', 'zurück', 'zurück zur übersicht',
  'nach oben', 'weiterlesen', 'mehr lesen', 'zum weiterlesen', 'mehr erfahren', 'anzeige', 'werbung',
  'artikel bewerten', 'bewerten', 'beitrag bewerten', 'aktualisiert', 'aktualisiert am', 'veröffentlicht',
  'veröffentlicht am', 'von', 'quelle', 'quellen', 'foto', 'bild', 'mehr themen', 'neueste artikel',
  'weitere informationen', 'weitere themen', 'mehr zum thema', 'themen', 'schlagworte',
  'partager', 'imprimer', 'lire la suite', 'retour', 'publicité', 'permalien', 'compartir', 'imprimir',
  'leer más', 'volver', 'publicidad', 'condividi', 'stampa', 'leggi tutto', 'torna indietro',
  'pubblicità', 'delen', 'afdrukken', 'lees meer', 'terug', 'advertentie', 'udostępnij', 'drukuj',
  'czytaj więcej', 'wróć', 'reklama', 'compartilhar', 'leia mais', 'voltar', 'publicidade',
  'teilen mit', 'teilen sie dies mit', 'share this:', 'bild anzeigen', 'titelbild', 'previous article',
  'next article', 'previous post', 'next post', 'vorheriger artikel', 'nächster artikel',
  'vorheriger beitrag', 'nächster beitrag', 'zurück zu allen meldungen', 'zurück zur startseite',
  'article précédent', 'article suivant', 'artículo anterior', 'artículo siguiente',
  'comments are closed', 'comments closed', 'kommentare geschlossen', 'kommentare sind geschlossen',
  'commentaires fermés', 'comentarios cerrados',
  // the label over the publisher's contact details (a press office, an editor's address)
  'kontakt', 'contact', 'pressekontakt', 'press contact', 'media contact', 'contacto', 'contatto',
  'ansprechpartner', 'ansprechpartnerin', 'kontaktdaten',
  'news teilen', 'möchten sie den artikel teilen', 'artikel empfehlen', 'beitrag teilen',
  // the label over the print issue the article appeared in, a teaser for the magazine
  'erschienen in', 'published in', 'paru dans', 'publicado en',
  // the placeholder of an embedded post or video the reader has not let load
  'externer inhalt', 'external content', 'contenu externe', 'contenido externo', 'contenuto esterno',
  // the labels over the author's box, the original publication, the sources' toggle
  'über den autor', 'über die autorin', 'about the author', 'à propos de l’auteur', 'sobre el autor',
  'originalartikel', 'original article', 'quellen anzeigen', 'quellen ausblenden', 'show sources', 'hide sources',
  'release date', 'erscheinungsdatum',
];

const CHROME_LABEL = new Set(CHROME_LABELS);

// The label of an advertisement opening the ad's own line ("ANZEIGE - Heute mal ausgehen?").
const AD_LEAD = /^(?:anzeige|werbung|advertisement|sponsored|publicidad|publicité|pubblicità|reklama)\s*[-–—:|]\s*\S/u;

/**
 * A whole line that is a page control or label ("Teilen", "Zurück zur Übersicht", "Von:"), or
 * an advertisement's line opened by its label (a sentence that starts with the word stays).
 */
export function isChromeLabel(line: string): boolean {
  const t = trimLabel(line);
  return (t.length > 0 && t.length <= 40 && CHROME_LABEL.has(t)) || (AD_LEAD.test(t) && !endsSentence(line));
}

// What a label may end or start with around its words ("Teilen:", "» Weiterlesen").
const LABEL_END_MARK = /[\s:.!?…»›>|-]/u;
const LABEL_END = /[\s:.!?…»›>|-]+$/u;
const LABEL_START_MARK = /[\s«‹<|-]/u;
const LABEL_START = /^[\s«‹<|-]+/u;

// The label without its marks. Most lines have none: a search of the whole line for a run
// at its end only when its last character may end one (it ran on every short line).
function trimLabel(line: string): string {
  let t = line;
  if (t !== '' && LABEL_END_MARK.test(t[t.length - 1]!)) t = t.replace(LABEL_END, '');
  if (t !== '' && LABEL_START_MARK.test(t[0]!)) t = t.replace(LABEL_START, '');
  return t;
}

// Links back to where the reader came from: the overview, the list, the previous page.
const BACK = /^[«‹<←\s]*(?:back to|go back to|return to|zurück zu[mr]?|zurück zur|retour (?:à|au|aux)|volver a[l]?|regresar a[l]?|torna a[l]?|terug naar|powrót do|voltar para)\b/u;

/** A link's text that leads back ("Zurück zur Listenansicht", "Back to the newsroom"). */
export function leadsBack(line: string): boolean {
  return line.length <= 60 && BACK.test(line);
}

// Month names by their first letters, in the languages above.
const MONTH = '(?:jan|feb|f[ée]v|m[äa]r|apr|avr|abr|ma[iyj]|mei|mag|ju[nli]|giu|lug|aug|ao[uû]|ago|se[pt]|wrz|o[ck]t|ott|out|pa[źz]|nov|lis|de[cz]|d[ée]c|dic|gru|ene|sty|lut|kwi|cze|lip|sie)\\p{L}*';

const DATE_LINE = [
  /^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}(?:,?\s+(?:um\s+)?\d{1,2}[:.]\d{2}(?:\s*(?:uhr|h|am|pm))?)?$/u,
  /^\d{4}-\d{2}-\d{2}(?:[ t]\d{2}:\d{2}(?::\d{2})?)?$/u,
  /^\d{1,2}[:.]\d{2}(?:\s*(?:uhr|h|am|pm))?$/u,
  new RegExp(`^(?:\\p{L}+,?\\s+)?\\d{1,2}\\.?\\s+(?:de\\s+)?${MONTH}\\.?,?(?:\\s+(?:de\\s+)?\\d{4})?(?:,?\\s+\\d{1,2}[:.]\\d{2}(?:\\s*(?:uhr|h|am|pm))?)?$`, 'u'),
  new RegExp(`^(?:\\p{L}+,?\\s+)?${MONTH}\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}(?:,?\\s+(?:at\\s+)?\\d{1,2}[:.]\\d{2}(?:\\s*(?:am|pm|a\\.m\\.|p\\.m\\.))?)?$`, 'u'),
];

// What a date line may say the date is: when the page was published or last changed.
const DATE_LABEL =
  /^(?:(?:news |post )?(?:date|datum)|veröffentlicht(?: am)?|veröffentlichung|erstellt(?: am)?|aktualisiert(?: am)?|zuletzt aktualisiert(?: am)?|letzte änderung|stand|published(?: on)?|updated(?: on)?|last (?:modified|updated)(?: on)?|posted(?: on)?|publié le|mis à jour le|publicado(?: el)?|actualizado(?: el)?|pubblicato(?: il)?|aggiornato(?: il)?|opublikowano)\s*:?\s+/u;

/**
 * A line that is only a date or a time ("31. Mai 2012", "03.04.2020", "19:49", "Jan 11, 2019"),
 * or says what the date is ("Veröffentlichung: 2. Februar 2022", "Letzte Änderung 14.02.2019").
 */
export function isDateLine(line: string): boolean {
  const t = line.replace(DATE_LABEL, '');
  return t.length >= 4 && t.length <= 40 && /\d/.test(t) && DATE_LINE.some((r) => r.test(t));
}

// Who took the picture or where the text comes from, and how long it takes to read: lines
// about the article rather than of it.
// A credit may follow the caption in a box of its own, still led by the separator ("/ Źródło:
// Pixabay", ". Imagen: Télam"), or be only the copyright sign and the holder.
const CREDIT_LINE = /^[/|.,·•–—-]?\s*\(?(?:(?:fotos?|photos?|photo credits?|photograph|fotograf[ií]a|(?:titel|beitrags|aufmacher|vorschau|symbol)?bild(?:er|quelle)?|images?|imagen(?:es)?|imagem|immagine|beeld|kuvat?|cr[ée]dits?(?: photos?)?|cr[ée]ditos?|zdj[ęe]cie|fot|copyright|quelle|quellen|source|sources|fuente|fonte|źródło)\s*[:©]|©\s*\p{L})/u;
const READING_TIME = /^(?:\d+\s*(?:min|mins|minutes?|minuten|minut|minutos?|minuti)\.?\s*(?:read|reading|reading time|lesezeit|lesedauer|czytania|de lectura|di lettura|de lecture|leestijd)|(?:lesezeit|lesedauer|reading time|temps de lecture|tiempo de lectura|czas czytania|leestijd)\s*:?\s*(?:ca\.\s*)?\d+\s*(?:min|mins|minutes?|minuten|minut|minutos?)\.?)$/u;

// Or only the picture agency, with the photographer's name around it ("ShutterStock",
// "(John Doe / iStock.com)", "picture alliance/dpa").
const AGENCY_LINE =
  /^[/|(]?\s*[\p{L} ,&/-]{0,30}\b(?:shutterstock|istock(?:photo)?(?:\.com)?|getty ?images|imago(?: images)?|picture[- ]alliance|adobe ?stock|fotolia|clipdealer|pixabay|unsplash|pexels)\b[\p{L} ,&/-]{0,30}\)?$/u;

// Or the editor's initials and the news agency the text came from, signed under it ("aja/PAP",
// "dpa/lno", "(dpa)"): a slash or brackets, so that a heading naming an agency stays.
const NEWS_AGENCY = '(?:pap|dpa|afp|apa|sda|kna|epd|ap|efe|ansa|reuters|ddp|sid|anp|belga)';
const SIGNATURE_LINE = new RegExp(`^(?:(?:\\p{L}{1,5}/)+${NEWS_AGENCY}|${NEWS_AGENCY}(?:/\\p{L}{1,5})+|\\(${NEWS_AGENCY}\\))$`, 'u');

// Who is reading a forum now: "0 Mitglieder und 2 Gäste", "3 members and 12 guests".
const ONLINE_LINE = /\b\d+\s+(?:mitglieder|benutzer|members|users|membres|utilisateurs|miembros|usuarios|utenti)\b.{0,20}\b\d+\s+(?:gäste|guests|invités|invitados|ospiti)\b/u;

// Where the text comes from, named at its end with the date and place it was issued
// ("Quelle: Deutscher Jagdverband (DJV), 02. Februar 2022, Berlin"): longer than a credit.
const SOURCE_LINE = /^\(?(?:quelle|quellen|source|sources|fuente|fonte|źródło)\s*:\s*\S/u;

/** A line naming the text's source, up to 100 characters, that is not a sentence. */
export function isSourceLine(line: string): boolean {
  return line.length <= 100 && SOURCE_LINE.test(line) && !endsSentence(line);
}

// Which category or tags the post was filed under.
const FILED_LINE = /^(?:kategorien?|categor(?:y|ies|ie|ía|ías|ia|ias)|rubrik|rubrique|filed under|posted in|abgelegt unter|veröffentlicht in|tags|schlagwörter|schlagworte|etiquetas)\s*:/u;

/**
 * A line that only credits a picture or a source ("Foto: dpa", "Quelle: …", "aja/PAP"), counts
 * a forum's readers, gives a reading time ("5 min read") or the category the post was filed
 * under ("Kategorie: News"), or is made of such items.
 */
export function isAboutLine(line: string): boolean {
  return line.length > 0 && line.length <= 60 && (CREDIT_LINE.test(line) || READING_TIME.test(line) || FILED_LINE.test(line) || AGENCY_LINE.test(line) || SIGNATURE_LINE.test(line) || (ONLINE_LINE.test(line) && !endsSentence(line)) || isMetaLine(line));
}

// Items of a line of the post's data set side by side ("2021-10-16 | Botschaft").
const ITEMS = /\s*[|·•]\s*/u;

// A date and a time that open a line of data ("24.01.2022 11:38 kategorie: news").
const LEADING_DATE = /^(?:\d{1,2}([./])\d{1,2}\1\d{2,4}|\d{4}-\d{2}-\d{2})(?:,?\s+\d{1,2}[:.]\d{2}(?:\s*uhr)?)?\s*(\p{L}.*)$/u;

/**
 * A line of the post's data: items side by side, each a date, a category, a label or a short
 * word or two, one of them a date or a category ("2021-10-16 | botschaft", "kategorie: news |
 * 12.05.2021"), or the date before the category ("24.01.2022 11:38 kategorie: news"). A line
 * that names the author stays: an article's by-line and its date are the reader's.
 */
function isMetaLine(line: string): boolean {
  if (line.includes('|') || line.includes('·') || line.includes('•')) {
    const items = line.split(ITEMS).filter((i) => i !== '');
    if (items.length < 2) return false;
    let data = 0;
    for (const item of items) {
      if (isDateLine(item) || FILED_LINE.test(item) || isChromeLabel(item)) data++;
      // A short label of a word or two: the section, a place.
      else if (!(item.length <= 25 && !endsSentence(item) && item.split(' ').length <= 3 && !BYLINE.test(item))) return false;
    }
    return data > 0;
  }
  const dated = LEADING_DATE.exec(line.replace(DATE_LABEL, ''));
  return !!dated && FILED_LINE.test(dated[2]!);
}

// Who wrote the article ("by jane doe", "von jane doe"): a line naming the author stays.
const BYLINE = /^(?:by|von|verfasst von|geschrieben von|posted by|written by|autor(?:in)?|author|par|por|di|door)\b/u;

// Words that invite the reader to subscribe (a newsletter, the paper), to follow the
// publication (its social accounts, its channels, its app) or to support it: the paper
// speaking about itself, not the article.
const SUBSCRIBE =
  /\bnewsletters?\b|\bsubscribe\b|\bsubscribers?\b|\bsign(?:ing)? up\b|abonnieren|abonniere|abonnez|suscr[ií]bete|suscribirse|subskrypcj|assine|iscriviti/iu;
const FOLLOW =
  /\bfollow (?:us\b|[^.!?]{1,40}? on (?:twitter|x|instagram|facebook|telegram|whatsapp|youtube|tiktok|linkedin|google news)\b)|s[ií]gue(?:nos|nos en)\b|s[ií]ganos\b|\bnos siga\b|\bfolg(?:e|t|en sie) uns\b|suivez-nous|\bseguici\b|obserwuj nas|\b(?:canal|grupo) de (?:telegram|whatsapp|youtube)\b|\b(?:telegram|whatsapp|youtube)[- ](?:channel|kanal)\b/iu;
const APP = /\b(?:download|get|install)\b[^.!?]{0,80}\bapps?\b|\b(?:ios|itunes|app store)\b[^.!?]{0,30}\b(?:android|google play)\b/iu;
const SUPPORT =
  /\bconsider supporting\b|\bsupport (?:us|our (?:work|journalism))\b|\bapoya (?:el|nuestro) periodismo\b|\bhazte (?:miembro|socio)\b|\bbecome a (?:member|supporter|patron)\b|\bunterstützen sie (?:uns|unsere arbeit)\b|\bsoutenez\b/iu;

/**
 * A short text, lower-cased, that asks the reader to subscribe, follow, get the app or
 * support the publication ("never miss the latest news by signing up…", "síguenos en telegram").
 */
export function invitesToSubscribe(lower: string): boolean {
  return (
    INVITE_WORDS.test(lower) &&
    ((SUBSCRIBE_WORDS.test(lower) && SUBSCRIBE.test(lower)) ||
    (FOLLOW_WORDS.test(lower) && FOLLOW.test(lower)) ||
    (APP_WORDS.test(lower) && APP.test(lower)) ||
    (SUPPORT_WORDS.test(lower) && SUPPORT.test(lower)))
  );
}

// A piece of each alternative of the patterns above and below, lower-cased: a text holding
// none of them cannot match, and looking for a few plain strings costs far less than the
// case-insensitive alternations (they ran on every short paragraph of every page: ~9% of
// the quality bench's CPU). The strings of a list are looked for in one search of the text,
// not one search each (lower.includes() word after word was 6% of the transform's CPU on
// the crawl bench's pages).
const SUBSCRIBE_WORDS = anyOf(['newsletter', 'subscri', 'sign', 'abonn', 'suscr', 'subskrypcj', 'assine', 'iscriviti']);
const FOLLOW_WORDS = anyOf(['follow', 'gue', 'ganos', 'nos siga', 'folg', 'suivez', 'seguici', 'obserwuj', 'telegram', 'whatsapp', 'youtube']);
const APP_WORDS = anyOf(['app', 'android', 'google play']);
const SUPPORT_WORDS = anyOf(['support', 'apoya', 'hazte', 'become a', 'unterstützen', 'soutenez']);
const AFFILIATE_WORDS = anyOf(['affili', 'afiliad', 'partner', 'provision', 'commission']);
// All four lists of an invitation in one search: most texts hold none of their words.
const INVITE_WORDS = new RegExp([SUBSCRIBE_WORDS, FOLLOW_WORDS, APP_WORDS, SUPPORT_WORDS].map((r) => r.source).join('|'));

/** A search for any of these strings, as written (no flags: case and all). */
function anyOf(words: readonly string[]): RegExp {
  return new RegExp(words.map(escape).join('|'));
}

// A note that the page's links earn the publisher a commission.
const AFFILIATE =
  /\baffiliate[- ]?links?\b|\bpartner-?links\b|\b(?:erhalten|erhält|bekommen|bekommt)\b[^.!?]{0,60}\bprovision\b|\b(?:receive|earn|get)s? (?:a )?(?:small )?commission\b|\benlaces de afiliados?\b|\bliens? (?:d'|d’)?affili/iu;

/** A short note, lower-cased, that the page's links are affiliate links ("anzeige, enthält affiliate links"). */
function disclosesAffiliateLinks(lower: string): boolean {
  return AFFILIATE_WORDS.test(lower) && AFFILIATE.test(lower);
}

// What the publisher says about every article rather than this one: that it is not liable,
// that an author's view is not the paper's, under which licence its texts are published.
const DISCLAIMER =
  /\bgibt (?:ausschließlich |nur )?die meinung de[sr] (?:autors|autorin|verfasser)|\bnicht (?:notwendigerweise|unbedingt) die (?:meinung|ansicht)|\b(?:do|does) not necessarily (?:reflect|represent)|\b(?:is|are) not responsible for the (?:opinions|content|views)|\balle angaben ohne gewähr|\bno se hace responsable|\bn['’]engage que\b|\b(?:dieser|diese|dieses|this) (?:text|beitrag|artikel|article|post|inhalt)\b[^.!?]{0,60}\b(?:lizenz|licen[cs]e)|\binhalte dieser (?:website|webseite|seite)\b[^.!?]{0,60}\b(?:cc[- ]by|creative commons|lizenz)/iu;
const DISCLAIMER_WORDS = anyOf(['meinung', 'notwendigerweise', 'unbedingt', 'necessarily', 'responsible', 'gewähr', 'responsable', 'engage', 'lizenz', 'licen']);

/** A note, lower-cased, that the publisher is not liable, that the author's view is not its own, or of its licence. */
function disclaims(lower: string): boolean {
  return DISCLAIMER_WORDS.test(lower) && DISCLAIMER.test(lower);
}

/**
 * A short text, lower-cased, in which the publisher speaks rather than the article: it asks
 * the reader to subscribe or follow, discloses affiliate links, or disclaims.
 */
export function publisherSpeaks(lower: string): boolean {
  return PUBLISHER_WORDS.test(lower) && (invitesToSubscribe(lower) || disclosesAffiliateLinks(lower) || disclaims(lower));
}
// Every list of words above in one search: it runs on every short paragraph.
const PUBLISHER_WORDS = new RegExp([INVITE_WORDS, AFFILIATE_WORDS, DISCLAIMER_WORDS].map((r) => r.source).join('|'));
