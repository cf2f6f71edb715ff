/* rf-report-cert: the proof certificate of a check (docs/certificates.md).
 *
 * Line-oriented text, version 1 (version 2 for a net with reset arcs): the header
 * line, the net (places, transitions as "inputs -> outputs", in version 2 followed by
 * "reset PLACES" when the transition empties places, the initial marking, its omega
 * places), then one proof per safe verdict (targets, unmarkable places, invariants,
 * Farkas inequalities, basis) and one "uncertified" line per other verdict. Token vectors are lists of PLACE or PLACE*COUNT
 * in increasing place order. Names (place names, transition labels, the marking a
 * target or an invariant stands for) are only for the reader: comments, or a place
 * line's last word, made of printable characters other than '#'. */
#include "rf-report-cert.h"

/* Appends NAME as one word: blanks, control characters and '#' become '_'. */
static void
append_word (GString *out, const char *name)
{
  if (!name || !*name)
    name = "_";
  for (const char *s = name; *s; s++)
    g_string_append_c (out, (guchar) *s <= ' ' || *s == '#' || *s == 0x7f ? '_' : *s);
}

/* Appends the comment " # TEXT" on one line (line breaks become blanks). */
static void
append_comment (GString *out, const char *text)
{
  g_string_append (out, "  # ");
  for (const char *s = text; *s; s++)
    g_string_append_c (out, *s == '\n' || *s == '\r' ? ' ' : *s);
}

/* Appends the token vector E[0..N) as " P P*C ...". */
static void
append_tokens (GString *out, const RfToken *e, guint n)
{
  for (guint i = 0; i < n; i++)
    if (e[i].count == 1)
      g_string_append_printf (out, " %u", e[i].place);
    else
      g_string_append_printf (out, " %u*%u", e[i].place, e[i].count);
}

/* The net: "net PLACES TRANSITIONS", a line per place and per transition, in id order,
 * then "initial" and "omega". */
static void
append_net (GString *out, const RfNet *net)
{
  guint np = rf_net_n_places (net), nt = rf_net_n_transitions (net);
  g_string_append_printf (out, "net %u %u\n", np, nt);
  for (guint p = 0; p < np; p++)
    {
      g_string_append_printf (out, "place %u ", p);
      append_word (out, rf_net_get_place (net, p)->name);
      g_string_append_c (out, '\n');
    }
  for (guint ti = 0; ti < nt; ti++)
    {
      const RfTransition *t = rf_net_get_transition (net, ti);
      g_string_append_printf (out, "transition %u", ti);
      append_tokens (out, t->pre, t->n_pre);
      g_string_append (out, " ->");
      append_tokens (out, t->post, t->n_post);
      if (t->n_resets > 0)
        g_string_append (out, " reset");
      for (guint i = 0; i < t->n_resets; i++)
        g_string_append_printf (out, " %u", t->resets[i]);
      if (t->label && *t->label)
        append_comment (out, t->label);
      g_string_append_c (out, '\n');
    }
  const guint32 *init = rf_net_peek_initial (net);
  const gboolean *omega = rf_net_peek_omega (net);
  g_string_append (out, "initial");
  for (guint p = 0; p < np; p++)
    if (!omega[p] && init[p] > 0)
      g_string_append_printf (out, init[p] == 1 ? " %u" : " %u*%u", p, init[p]);
  g_string_append (out, "\nomega");
  for (guint p = 0; p < np; p++)
    if (omega[p])
      g_string_append_printf (out, " %u", p);
  g_string_append_c (out, '\n');
}

/* Appends the marking M of NET on a line KEYWORD, with the marking by name as a
 * comment when NAMED. */
static void
append_marking (GString *out, const RfNet *net, const char *keyword, const RfMarking *m, gboolean named)
{
  g_string_append (out, keyword);
  append_tokens (out, m->e, m->n);
  if (named)
    {
      g_autofree char *text = rf_net_marking_to_string (net, m);
      append_comment (out, text);
    }
  g_string_append_c (out, '\n');
}

/* One proof: "proof NAME", its lines, "end". */
static void
append_proof (GString *out, const RfNet *net, const char *name, const RfCoverProof *pf)
{
  g_string_append (out, "proof ");
  append_word (out, name);
  g_string_append_c (out, '\n');
  for (guint i = 0; i < pf->targets->len; i++)
    append_marking (out, net, "target", g_ptr_array_index (pf->targets, i), TRUE);
  gboolean any = FALSE;
  for (guint p = 0; p < pf->n_places; p++)
    if (pf->unmarkable[p])
      {
        g_string_append_printf (out, "%s %u", any ? "" : "unmarkable", p);
        any = TRUE;
      }
  if (any)
    g_string_append_c (out, '\n');
  for (guint k = 0; k < pf->invariants->len; k++)
    {
      const RfInvariant *iv = g_ptr_array_index (pf->invariants, k);
      /* a sum a reset may lower is a farkas inequality for the checker */
      g_string_append (out, iv->at_most ? "farkas" : "invariant");
      append_tokens (out, iv->weights->e, iv->weights->n);
      g_string_append_printf (out, iv->at_most ? " <= %" G_GUINT64_FORMAT : " = %" G_GUINT64_FORMAT, iv->total);
      g_autofree char *text = rf_net_marking_to_string (net, iv->weights);
      append_comment (out, text);
      g_string_append_c (out, '\n');
    }
  for (guint k = 0; k < pf->bounds->len; k++)
    {
      const RfInvariant *b = g_ptr_array_index (pf->bounds, k);
      g_string_append (out, "farkas");
      append_tokens (out, b->weights->e, b->weights->n);
      g_string_append_printf (out, " <= %" G_GUINT64_FORMAT "\n", b->total);
    }
  for (guint i = 0; i < pf->basis->len; i++)
    append_marking (out, net, "basis", g_ptr_array_index (pf->basis, i), FALSE);
  g_string_append (out, "end\n");
}

/* The proof of R, a search on NET, named NAME; or "uncertified NAME WHY" (WHY: RACE
 * for an unsafe verdict, else the verdict) when it has none. */
static void
append_result (GString *out, const RfNet *net, const char *name, const RfCoverResult *r, const char *race)
{
  if (r->proof)
    {
      append_proof (out, net, name, r->proof);
      return;
    }
  g_string_append (out, "uncertified ");
  append_word (out, name);
  g_string_append_printf (out, " %s\n", r->verdict == RF_COVER_UNSAFE ? race : rf_cover_verdict_to_string (r->verdict));
}

/* The header line of a certificate of NET (version 2 when it has reset arcs, which
 * version 1 cannot state) and a comment: COMMAND and its INPUTS (NULL-terminated),
 * WHAT. */
static void
append_header (GString *out, const RfNet *net, const char *command, const char *const *inputs, const char *what)
{
  g_string_append_printf (out, "racefree certificate %d\n# %s", rf_net_n_resets (net) > 0 ? 2 : 1, command);
  for (const char *const *f = inputs; f && *f; f++)
    {
      g_string_append_c (out, ' ');
      append_word (out, *f);
    }
  g_string_append_printf (out, "\n# %s; see docs/certificates.md\n", what);
}

void
rf_report_cert (const RfCheckResult *res, GString *out)
{
  const RfNet *net = rf_check_result_get_net (res);
  const RfCoverResult *cover = rf_check_result_get_cover (res);
  const char *const *inputs = rf_check_result_get_inputs (res);
  g_return_if_fail (net != NULL);
  if (cover)
    {
      g_autofree char *name = g_path_get_basename (inputs[0] ? inputs[0] : "net");
      append_header (out, net, "racefree cover", inputs, "the net, and the proof that no target is coverable");
      append_net (out, net);
      append_result (out, net, name, cover, "unsafe");
      return;
    }
  append_header (out, net, "racefree check", inputs, "the net, and one proof per race-free variable");
  append_net (out, net);
  GPtrArray *verdicts = rf_check_result_get_verdicts (res);
  for (guint i = 0; i < verdicts->len; i++)
    {
      const RfRaceVerdict *rv = g_ptr_array_index (verdicts, i);
      append_result (out, net, rv->name, rv->result, "race");
    }
}

void
rf_report_cert_search (const RfNet *net, const char *name, const RfCoverResult *r, GString *out)
{
  append_header (out, net, "one search", NULL, "the net, and the proof that no target is coverable");
  append_net (out, net);
  append_result (out, net, name, r, "unsafe");
}
