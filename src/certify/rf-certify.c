/* rf-certify: checks a proof certificate on its own (format: docs/certificates.md).
 *
 * A proof claims that no marking reachable in the certificate's net from an initial
 * marking (the stated counts, any number on omega places) covers a target. Reachable
 * markings obey the proof's facts, each checked here against the net:
 *  1. no unmarkable place is marked initially or omega, and no transition whose inputs
 *     avoid the unmarkable places outputs to one: no reachable marking marks one, and
 *     a transition with an unmarkable input never fires (it is dead);
 *  2. an invariant (a farkas inequality) gives no weight to an omega place, its total
 *     is (at least) the initial weighted sum, and each transition that is not dead
 *     keeps the weighted sum (does not increase it): weights·M = (<=) total.
 * A marking that marks an unmarkable place or whose weighted sum exceeds a total is
 * excluded: no reachable marking covers it. Then, with "covered" meaning above a basis
 * marking:
 *  3. every target is covered or excluded;
 *  4. no basis marking lies below the initial marking on the places that are not omega;
 *  5. for every basis marking b and transition t, the least marking from which t fires
 *     into a marking above b, max(b - post(t), 0) + pre(t), is covered or excluded (it
 *     is above b itself unless t outputs to a place of b, so only those t are tried).
 * Soundness: were a target covered by a reachable marking, take a firing sequence from
 * an initial marking to it; its last marking is covered (3: not excluded, it is
 * reachable). Take the first covered one: it is not the initial marking (4), and the
 * marking before it, reachable, is above the least marking of 5 for the transition
 * fired, so it is covered (not first) or excluded (not reachable): a contradiction.
 * Counts and weights are below 2^32 and places fewer than 2^26, so 128-bit weighted
 * sums are exact. Reading stops at a malformed line; each proof's first failed check
 * is reported. */
#include "rf-certify.h"
#include "rf-diag.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SIZE (1u << 26)      /* places, transitions */
typedef unsigned __int128 Sum;  /* a weighted sum */

/* Tok: COUNT tokens (or a weight) on PLACE. */
typedef struct { guint32 place, count; } Tok;
/* Vec: a token or weight vector read at line LINE: t[0..n) by strictly increasing
 * place, every count > 0; sig has bit (place % 64) of each place. */
typedef struct { guint line, n; Tok *t; guint64 sig; } Vec;
/* Bound: weights·M <= total (eq: = total, an invariant) for every reachable M. */
typedef struct { Vec w; guint64 total; gboolean eq; } Bound;
/* Proof: one proof section. */
typedef struct {
  char *name;
  guint line, uline;                /* of "proof", of the last "unmarkable" */
  guint8 *unmarkable;               /* per place */
  GArray *bounds, *targets, *basis; /* Bound, Vec, Vec */
} Proof;

/* Cert: the certificate read, and the indexes of the proof being checked. Everything
 * allocated is in owned (g_free) or arrays (GArray). m is zero between uses. */
typedef struct {
  const char *file;
  RfOut *err;
  guint line, np, nt, places, trans;  /* line read; sizes declared; lines given */
  gboolean has_net, has_init, has_omega, in_proofs;
  Vec *pre, *post;              /* per transition */
  GArray **producers;           /* per place: transitions (guint) outputting to it */
  guint64 *init, *m;            /* per place: initial count (unused on omega places); scratch */
  guint8 *omega;                /* per place */
  GPtrArray *proofs;            /* Proof* */
  GPtrArray *uncertified;       /* char*: "NAME: not certified (WHY)" */
  Proof *cur;                   /* the proof being read, or NULL */
  GArray **keys;                /* per place: basis indices (guint) keyed there */
  GArray **by_place, *touched;  /* per place: Tok {bound index, weight}; bound indices */
  Sum *sum;                     /* per bound, zero between uses */
  GPtrArray *owned, *arrays;
} Cert;

G_GNUC_PRINTF (3, 4) static gboolean
fail (Cert *c, guint line, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  rf_out_printf (c->err, "%s:%u: error: %s\n", c->file, line, msg);
  return FALSE;
}

/* N zeroed bytes, owned by C. */
static gpointer
alloc (Cert *c, gsize n)
{
  gpointer p = g_malloc0 (MAX (n, 1));
  g_ptr_array_add (c->owned, p);
  return p;
}

/* An empty GArray of SIZE-byte elements, owned by C. */
static GArray *
array (Cert *c, guint size)
{
  GArray *a = g_array_new (FALSE, FALSE, size);
  g_ptr_array_add (c->arrays, a);
  return a;
}

/* Appends V to the list at *A (created when NULL). */
static void
list_add (Cert *c, GArray **a, guint v)
{
  if (!*a)
    *a = array (c, sizeof (guint));
  g_array_append_val (*a, v);
}

/* WORD as a number at most MAX. */
static gboolean
number (const char *word, guint64 max, guint64 *v)
{
  return g_ascii_string_to_unsigned (word, 10, 0, max, v, NULL);
}

/* Reads W[0..N) as a vector: PLACE or PLACE*COUNT, places increasing. */
static gboolean
read_vec (Cert *c, char **w, guint n, Vec *v)
{
  *v = (Vec) { c->line, 0, alloc (c, n * sizeof (Tok)), 0 };
  for (guint i = 0; i < n; i++)
    {
      char *star = strchr (w[i], '*');
      guint64 p, k = 1;
      if (star)
        *star = '\0';
      if (!number (w[i], G_MAXUINT32, &p) || p >= c->np || (star && !number (star + 1, G_MAXUINT32, &k))
          || k == 0 || (i > 0 && p <= v->t[i - 1].place))
        return fail (c, c->line, "'%s%s%s': expected PLACE or PLACE*COUNT (places below %u, increasing; "
                     "counts from 1 to %u)", w[i], star ? "*" : "", star ? star + 1 : "", c->np, G_MAXUINT32);
      v->t[v->n++] = (Tok) { (guint32) p, (guint32) k };
      v->sig |= G_GUINT64_CONSTANT (1) << (p % 64);
    }
  return TRUE;
}

/* TRUE when every line of the net was given; else FALSE after a message. */
static gboolean
net_complete (Cert *c)
{
  if (c->has_net && c->places == c->np && c->trans == c->nt && c->has_init && c->has_omega)
    return TRUE;
  return fail (c, c->line, "the net is incomplete: %u of %u places and %u of %u transitions given, %s "
               "'initial' and %s 'omega' line", c->places, c->np, c->trans, c->nt, c->has_init ? "an" : "no",
               c->has_omega ? "an" : "no");
}

/* The lines of the net, W[0..N) (W[0] the keyword). */
static gboolean
read_net_line (Cert *c, char **w, guint n)
{
  const char *kw = w[0];
  guint64 a, b;
  Vec v;
  if (!c->has_net || !strcmp (kw, "net"))
    {
      if (c->has_net || strcmp (kw, "net") || n != 3 || !number (w[1], MAX_SIZE, &a) || !number (w[2], MAX_SIZE, &b))
        return fail (c, c->line, "expected 'net PLACES TRANSITIONS' (at most %u each)", MAX_SIZE);
      c->has_net = TRUE, c->np = a, c->nt = b;
      c->init = alloc (c, a * sizeof (guint64)), c->m = alloc (c, a * sizeof (guint64));
      c->omega = alloc (c, a), c->producers = alloc (c, a * sizeof (GArray *));
      c->pre = alloc (c, b * sizeof (Vec)), c->post = alloc (c, b * sizeof (Vec));
      return TRUE;
    }
  if (!strcmp (kw, "place"))
    return (n == 2 || n == 3) && number (w[1], G_MAXUINT32, &a) && a == c->places && c->places++ < c->np
           ? TRUE : fail (c, c->line, "expected 'place %u [NAME]' (the net has %u places)", c->places, c->np);
  if (!strcmp (kw, "transition"))
    {
      guint arrow = 2;
      while (arrow < n && strcmp (w[arrow], "->"))
        arrow++;
      if (n < 2 || arrow == n || !number (w[1], G_MAXUINT32, &a) || a != c->trans || c->trans >= c->nt)
        return fail (c, c->line, "expected 'transition %u INPUTS -> OUTPUTS' (the net has %u transitions)",
                     c->trans, c->nt);
      Vec *post = &c->post[c->trans];
      if (!read_vec (c, w + 2, arrow - 2, &c->pre[c->trans]) || !read_vec (c, w + arrow + 1, n - arrow - 1, post))
        return FALSE;
      for (guint i = 0; i < post->n; i++)
        list_add (c, &c->producers[post->t[i].place], c->trans);
      c->trans++;
      return TRUE;
    }
  gboolean *has = kw[0] == 'i' ? &c->has_init : &c->has_omega;
  if (*has || !read_vec (c, w + 1, n - 1, &v))
    return *has ? fail (c, c->line, "a second '%s' line", kw) : FALSE;
  for (guint i = 0; i < v.n; i++)
    if (kw[0] == 'i')
      c->init[v.t[i].place] = v.t[i].count;
    else if (v.t[i].count == 1)
      c->omega[v.t[i].place] = 1;
    else
      return fail (c, c->line, "expected 'omega PLACES'");
  return *has = TRUE;
}

/* Any line but the header, W[0..N). */
static gboolean
read_line (Cert *c, char **w, guint n)
{
  const char *kw = w[0];
  const char *net[] = { "net", "place", "transition", "initial", "omega" };
  for (guint i = 0; i < G_N_ELEMENTS (net); i++)
    if (!strcmp (kw, net[i]) || !c->has_net)
      return !c->in_proofs ? read_net_line (c, w, n) : fail (c, c->line, "'%s' after the net", kw);
  if (!c->in_proofs && !(c->in_proofs = net_complete (c)))
    return FALSE;
  gboolean proof = !strcmp (kw, "proof");
  if (proof || !strcmp (kw, "uncertified"))
    {
      if (c->cur || n < (proof ? 2u : 3u) || (proof && n != 2))
        return fail (c, c->line, c->cur ? "'%s' inside a proof" : proof ? "expected '%s NAME'"
                     : "expected '%s NAME WHY'", kw);
      if (!proof)
        {
          g_autofree char *why = g_strjoinv (" ", w + 2);
          g_ptr_array_add (c->uncertified, g_strdup_printf ("%s: not certified (%s)", w[1], why));
          return TRUE;
        }
      c->cur = alloc (c, sizeof (Proof));
      *c->cur = (Proof) { g_strdup (w[1]), c->line, 0, alloc (c, c->np), array (c, sizeof (Bound)),
                          array (c, sizeof (Vec)), array (c, sizeof (Vec)) };
      g_ptr_array_add (c->owned, c->cur->name);
      g_ptr_array_add (c->proofs, c->cur);
      return TRUE;
    }
  if (!c->cur)
    return fail (c, c->line, "'%s' outside a proof", kw);
  Vec v;
  if (!strcmp (kw, "end"))
    return n == 1 ? (c->cur = NULL, TRUE) : fail (c, c->line, "expected 'end' alone");
  if (!strcmp (kw, "target") || !strcmp (kw, "basis") || !strcmp (kw, "unmarkable"))
    {
      if (!read_vec (c, w + 1, n - 1, &v))
        return FALSE;
      if (kw[0] != 'u')
        g_array_append_val (kw[0] == 't' ? c->cur->targets : c->cur->basis, v);
      for (guint i = 0; kw[0] == 'u' && i < v.n; i++)
        c->cur->unmarkable[v.t[i].place] = 1;
      c->cur->uline = kw[0] == 'u' ? c->line : c->cur->uline;
      return TRUE;
    }
  Bound b = { .eq = !strcmp (kw, "invariant") };
  if (!b.eq && strcmp (kw, "farkas"))
    return fail (c, c->line, "unknown line '%s'", kw);
  if (n < 3 || strcmp (w[n - 2], b.eq ? "=" : "<=") || !number (w[n - 1], G_MAXUINT64, &b.total))
    return fail (c, c->line, "expected '%s WEIGHTS %s TOTAL'", kw, b.eq ? "=" : "<=");
  if (!read_vec (c, w + 1, n - 3, &b.w))
    return FALSE;
  g_array_append_val (c->cur->bounds, b);
  return TRUE;
}

/* Reads the certificate TEXT (modified); FALSE after the first malformed line. */
static gboolean
read_cert (Cert *c, char *text)
{
  gboolean header = FALSE, ok = TRUE;
  for (char *line = text, *next; ok && line; line = next)
    {
      c->line++;
      if ((next = strchr (line, '\n')))
        *next++ = '\0';
      line[strcspn (line, "#")] = '\0';
      g_autoptr (GPtrArray) words = g_ptr_array_new ();
      for (char *save, *word = strtok_r (line, " \t\r", &save); word; word = strtok_r (NULL, " \t\r", &save))
        g_ptr_array_add (words, word);
      guint n = words->len;
      g_ptr_array_add (words, NULL);
      char **w = (char **) words->pdata;
      if (n > 0 && !header)
        ok = header = (n == 3 && !strcmp (w[0], "racefree") && !strcmp (w[1], "certificate") && !strcmp (w[2], "1"))
                      || fail (c, c->line, "expected 'racefree certificate 1' (a racefree proof certificate, "
                               "version 1)");
      else if (n > 0)
        ok = read_line (c, w, n);
    }
  if (ok && c->cur)
    return fail (c, c->cur->line, "proof '%s' has no 'end'", c->cur->name);
  return ok && (header || fail (c, c->line, "expected 'racefree certificate 1'")) && net_complete (c);
}

static int
place_cmp (const void *a, const void *b)
{
  return (*(const guint32 *) a > *(const guint32 *) b) - (*(const guint32 *) a < *(const guint32 *) b);
}

/* "{P, P*C, ...}" of c->m on the places SUPP[0..N) (sorted here). Owned. */
static char *
marking_str (Cert *c, guint32 *supp, guint n)
{
  GString *s = g_string_new ("{");
  qsort (supp, n, sizeof *supp, place_cmp);
  for (guint i = 0; i < n; i++)
    if (c->m[supp[i]])
      g_string_append_printf (s, c->m[supp[i]] > 1 ? "%s%u*%" G_GUINT64_FORMAT : "%s%u", s->len > 1 ? ", " : "",
                              supp[i], c->m[supp[i]]);
  g_string_append_c (s, '}');
  return g_string_free (s, FALSE);
}

/* TRUE when c->m (zero outside SUPP[0..N), distinct places) is above a non-empty basis
 * marking of PF (an empty one fails check 4 first), found through the index c->keys. */
static gboolean
covered (Cert *c, Proof *pf, const guint32 *supp, guint n)
{
  guint64 sig = 0;  /* a basis marking below c->m has its places among c->m's */
  for (guint i = 0; i < n; i++)
    sig |= c->m[supp[i]] ? G_GUINT64_CONSTANT (1) << (supp[i] % 64) : 0;
  for (guint i = 0; i < n; i++)
    {
      GArray *l = c->keys[supp[i]];
      for (guint k = 0; l && k < l->len; k++)
        {
          const Vec *b = &g_array_index (pf->basis, Vec, g_array_index (l, guint, k));
          guint j = 0;
          while (!(b->sig & ~sig) && j < b->n && b->t[j].count <= c->m[b->t[j].place])
            j++;
          if (j == b->n)
            return TRUE;
        }
    }
  return FALSE;
}

/* TRUE when c->m (as for covered) marks an unmarkable place or exceeds a bound's total:
 * no reachable marking covers it. */
static gboolean
excluded (Cert *c, Proof *pf, const guint32 *supp, guint n)
{
  gboolean out = FALSE;
  g_array_set_size (c->touched, 0);
  for (guint i = 0; i < n; i++)
    {
      guint32 p = supp[i];
      out |= pf->unmarkable[p] && c->m[p];
      for (guint j = 0; c->m[p] && c->by_place[p] && j < c->by_place[p]->len; j++)
        {
          Tok o = g_array_index (c->by_place[p], Tok, j);  /* place: a bound's index */
          if (c->sum[o.place] == 0)
            g_array_append_val (c->touched, o.place);
          c->sum[o.place] += (Sum) o.count * c->m[p];
        }
    }
  for (guint k = 0; k < c->touched->len; k++)
    {
      guint i = g_array_index (c->touched, guint, k);
      out |= c->sum[i] > g_array_index (pf->bounds, Bound, i).total;
      c->sum[i] = 0;
    }
  return out;
}

/* Checks 1 and 2 of the file comment for PF, whose dead transitions DEAD marks. */
static gboolean
check_facts (Cert *c, Proof *pf, const guint8 *dead)
{
  for (guint p = 0; p < c->np; p++)
    if (pf->unmarkable[p] && (c->init[p] || c->omega[p]))
      return fail (c, pf->uline, "proof '%s': unmarkable place %u is marked initially", pf->name, p);
  for (guint t = 0; t < c->nt; t++)
    for (guint i = 0; !dead[t] && i < c->post[t].n; i++)
      if (pf->unmarkable[c->post[t].t[i].place])
        return fail (c, pf->uline, "proof '%s': transition %u (line %u) can fire and marks unmarkable place %u",
                     pf->name, t, c->post[t].line, c->post[t].t[i].place);
  guint64 *w = c->m;  /* the weights of one bound at a time */
  for (guint k = 0; k < pf->bounds->len; k++)
    {
      const Bound *b = &g_array_index (pf->bounds, Bound, k);
      const char *kind = b->eq ? "invariant" : "farkas inequality";
      Sum at0 = 0, in = 0, out = 0;
      guint t = 0;
      gint omega = -1;
      for (guint i = 0; i < b->w.n; i++)
        {
          w[b->w.t[i].place] = b->w.t[i].count;
          at0 += (Sum) b->w.t[i].count * c->init[b->w.t[i].place];
          omega = c->omega[b->w.t[i].place] ? (gint) b->w.t[i].place : omega;
        }
      for (; t < c->nt; t++)
        {
          const Vec *pre = &c->pre[t], *post = &c->post[t];
          in = out = 0;
          for (guint i = 0; i < pre->n; i++)
            in += (Sum) w[pre->t[i].place] * pre->t[i].count;
          for (guint i = 0; i < post->n; i++)
            out += (Sum) w[post->t[i].place] * post->t[i].count;
          if (!dead[t] && (b->eq ? in != out : out > in))
            break;
        }
      for (guint i = 0; i < b->w.n; i++)
        w[b->w.t[i].place] = 0;
      if (omega >= 0)
        return fail (c, b->w.line, "proof '%s': the %s weighs omega place %d", pf->name, kind, omega);
      if (b->eq ? at0 != b->total : at0 > b->total)
        return fail (c, b->w.line, "proof '%s': the %s's total %" G_GUINT64_FORMAT " %s the initial marking's "
                     "weighted sum %.0f", pf->name, kind, b->total, b->eq ? "differs from" : "is below",
                     (double) at0);
      if (t < c->nt)
        return fail (c, b->w.line, "proof '%s': transition %u (line %u) takes %.0f from the %s's weighted sum "
                     "and gives back %.0f", pf->name, t, c->pre[t].line, (double) in, kind,
                     (double) out);
    }
  return TRUE;
}

/* Checks proof PF (1 to 5 of the file comment). */
static gboolean
check_proof (Cert *c, Proof *pf)
{
  guint8 *dead = alloc (c, c->nt);
  for (guint t = 0; t < c->nt; t++)
    for (guint i = 0; i < c->pre[t].n; i++)
      dead[t] |= pf->unmarkable[c->pre[t].t[i].place];
  if (!check_facts (c, pf, dead))
    return FALSE;
  /* Each basis marking is keyed under its place in the fewest basis markings (a basis
   * marking below M is in the list of one of M's places); each bound is listed under
   * every place it weighs. */
  guint *occ = alloc (c, c->np * sizeof (guint));
  c->keys = alloc (c, c->np * sizeof (GArray *));
  c->by_place = alloc (c, c->np * sizeof (GArray *)), c->sum = alloc (c, pf->bounds->len * sizeof (Sum));
  for (guint k = 0; k < pf->basis->len; k++)
    for (guint i = 0; i < g_array_index (pf->basis, Vec, k).n; i++)
      occ[g_array_index (pf->basis, Vec, k).t[i].place]++;
  for (guint k = 0; k < pf->basis->len; k++)
    {
      const Vec *b = &g_array_index (pf->basis, Vec, k);
      guint key = 0;
      for (guint i = 1; i < b->n; i++)
        key = occ[b->t[i].place] < occ[b->t[key].place] ? i : key;
      if (b->n)
        list_add (c, &c->keys[b->t[key].place], k);
    }
  for (guint k = 0; k < pf->bounds->len; k++)
    for (guint i = 0; i < g_array_index (pf->bounds, Bound, k).w.n; i++)
      {
        Tok o = g_array_index (pf->bounds, Bound, k).w.t[i];
        if (!c->by_place[o.place])
          c->by_place[o.place] = array (c, sizeof (Tok));
        g_array_append_val (c->by_place[o.place], ((Tok) { k, o.count }));
      }
  guint32 *supp = alloc (c, 2 * c->np * sizeof (guint32));
  guint *stamp = alloc (c, c->nt * sizeof (guint));
  for (guint k = 0; k < pf->basis->len; k++)  /* 4 */
    {
      const Vec *b = &g_array_index (pf->basis, Vec, k);
      guint i = 0;
      while (i < b->n && (c->omega[b->t[i].place] || b->t[i].count <= c->init[b->t[i].place]))
        i++;
      if (i == b->n)
        return fail (c, b->line, "proof '%s': this basis marking lies below the initial marking", pf->name);
    }
  for (guint k = 0; k < pf->targets->len; k++)  /* 3 */
    {
      const Vec *t = &g_array_index (pf->targets, Vec, k);
      for (guint i = 0; i < t->n; i++)
        c->m[supp[i] = t->t[i].place] = t->t[i].count;
      gboolean ok = excluded (c, pf, supp, t->n) || covered (c, pf, supp, t->n);
      for (guint i = 0; i < t->n; i++)
        c->m[supp[i]] = 0;
      if (!ok)
        return fail (c, t->line, "proof '%s': this target is neither covered by the basis nor excluded", pf->name);
    }
  for (guint k = 0; k < pf->basis->len; k++)  /* 5 */
    {
      const Vec *b = &g_array_index (pf->basis, Vec, k);
      for (guint i = 0; i < b->n; i++)
        for (guint j = 0; c->producers[b->t[i].place] && j < c->producers[b->t[i].place]->len; j++)
          {
            guint t = g_array_index (c->producers[b->t[i].place], guint, j), n = 0;
            const Vec *pre = &c->pre[t], *post = &c->post[t];
            if (stamp[t] == k + 1)
              continue;  /* tried for b already */
            stamp[t] = k + 1;
            for (guint q = 0; q < b->n; q++)  /* c->m := max(b - post, 0) + pre on supp */
              c->m[supp[n++] = b->t[q].place] = b->t[q].count;
            for (guint q = 0; q < pre->n; q++)
              if (!c->m[pre->t[q].place])
                supp[n++] = pre->t[q].place;
            for (guint q = 0; q < post->n; q++)
              c->m[post->t[q].place] -= MIN (c->m[post->t[q].place], post->t[q].count);
            for (guint q = 0; q < pre->n; q++)
              c->m[pre->t[q].place] += pre->t[q].count;
            g_autofree char *ms = excluded (c, pf, supp, n) || covered (c, pf, supp, n) ? NULL
                                  : marking_str (c, supp, n);
            for (guint q = 0; q < n; q++)
              c->m[supp[q]] = 0;
            if (ms)
              return fail (c, b->line, "proof '%s': the predecessor %s of this basis marking through transition "
                           "%u (line %u) is neither covered by the basis nor excluded", pf->name, ms, t, pre->line);
          }
    }
  return TRUE;
}

int
rf_certify_check (const char *file, const char *text, gsize len, RfOut *out, RfOut *err)
{
  Cert c = { .file = file, .err = err };
  c.owned = g_ptr_array_new_with_free_func (g_free);
  c.arrays = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  c.touched = array (&c, sizeof (guint));
  c.proofs = g_ptr_array_new ();
  c.uncertified = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *copy = g_strndup (text, len);
  guint failed = 0;
  gboolean ok = (!memchr (text, '\0', len) || fail (&c, 1, "the certificate holds a NUL byte"))
                && read_cert (&c, copy);
  for (guint k = 0; ok && k < c.proofs->len; k++)
    {
      Proof *pf = g_ptr_array_index (c.proofs, k);
      guint nu = 0;
      for (guint p = 0; p < c.np; p++)
        nu += pf->unmarkable[p];
      if (check_proof (&c, pf))
        rf_out_printf (out, "%s: valid: %u targets, %u basis markings, %u invariants and inequalities, "
                       "%u unmarkable places\n", pf->name, pf->targets->len, pf->basis->len, pf->bounds->len, nu);
      else
        rf_out_printf (out, "%s: INVALID\n", pf->name), failed++;
    }
  for (guint k = 0; ok && k < c.uncertified->len; k++)
    rf_out_printf (out, "%s\n", (char *) g_ptr_array_index (c.uncertified, k));
  if (!ok)
    rf_out_printf (out, "%s: invalid certificate: malformed\n", file);
  else if (failed)
    rf_out_printf (out, "%s: invalid certificate: %u of %u proofs fail\n", file, failed, c.proofs->len);
  else
    rf_out_printf (out, "%s: valid certificate: %u %s\n", file, c.proofs->len,
                   c.proofs->len == 1 ? "proof holds" : "proofs hold");
  g_ptr_array_unref (c.proofs);
  g_ptr_array_unref (c.uncertified);
  g_ptr_array_unref (c.arrays);
  g_ptr_array_unref (c.owned);
  return ok && !failed ? RF_CERTIFY_VALID : RF_CERTIFY_INVALID;
}

int
rf_certify_check_file (const char *file, RfOut *out, RfOut *err)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) text = rf_input_read_file (file, NULL, &error);
  if (!text)
    {
      rf_out_printf (err, "racefree verify-cert: error: %s\n", error->message);
      return RF_CERTIFY_UNREADABLE;
    }
  return rf_certify_check (file, text->str, text->len, out, err);
}
