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
 * sums are exact. The checker stops at a malformed line, and reports each proof's
 * first failed check. */
#include "rf-certify.h"
#include "rf-diag.h"

#include <stdarg.h>
#include <string.h>

#define MAX_SIZE (1u << 26)       /* places, transitions */
typedef unsigned __int128 Sum;   /* a weighted sum */

/* Tok: COUNT tokens (or a weight) on PLACE. */
typedef struct { guint32 place, count; } Tok;
/* Vec: a token or weight vector read at line LINE; t[0..n), owned, by strictly
 * increasing place, every count > 0; sig has bit (place % 64) of each place. */
typedef struct { guint line, n; Tok *t; guint64 sig; } Vec;
/* Bound: weights·M <= total (eq: = total, an invariant) for every reachable M. */
typedef struct { Vec w; guint64 total; gboolean eq; } Bound;

/* Proof: one proof section; by_place and sum index its bounds for excluded(). */
typedef struct {
  char *name;
  guint line, uline;       /* of "proof", of the last "unmarkable" */
  guint8 *unmarkable;      /* per place */
  GArray *bounds;          /* Bound */
  GArray *targets, *basis; /* Vec */
  GArray **keys;           /* per place: basis indices (guint) keyed there, or NULL */
  GArray *empty_key;       /* guint: indices of empty basis markings */
  GArray **by_place;       /* per place: Tok {bound index, weight}, or NULL */
  Sum *sum;                /* per bound, zero between uses */
  GArray *touched;         /* guint: bounds with a non-zero sum */
} Proof;

/* Cert: the certificate being read and checked. m is zero between uses. */
typedef struct {
  const char *file;
  RfOut *out, *err;
  guint line, np, nt, places, trans;  /* line read; sizes declared; lines given */
  gboolean has_net, has_init, has_omega, done;
  GArray *pre, *post;      /* Vec per transition */
  GArray **producers;      /* per place: transitions (guint) outputting to it, or NULL */
  guint64 *init, *m;       /* per place: initial count; scratch marking */
  guint8 *omega;
  GPtrArray *proofs;       /* Proof*, owned */
  GPtrArray *uncertified;  /* char*, owned: "NAME: not certified (WHY)" */
  Proof *cur;              /* the proof being read, or NULL */
} Cert;

static gboolean
fail (Cert *c, guint line, const char *fmt, ...) G_GNUC_PRINTF (3, 4);
static gboolean
fail (Cert *c, guint line, const char *fmt, ...)
{
  va_list ap;
  va_start (ap, fmt);
  g_autofree char *msg = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  rf_out_printf (c->err, "%s:%u: error: %s\n", c->file, line, msg);
  return FALSE;
}

static void
vec_clear (gpointer v)
{
  g_free (((Vec *) v)->t);
}

static void
arrays_free (GArray **a, guint n)
{
  for (guint i = 0; a && i < n; i++)
    if (a[i])
      g_array_unref (a[i]);
  g_free (a);
}

static void
proof_free (gpointer p)
{
  Proof *pf = p;
  for (guint k = 0; k < pf->bounds->len; k++)
    g_free (g_array_index (pf->bounds, Bound, k).w.t);
  g_array_unref (pf->bounds);
  g_array_unref (pf->targets);
  g_array_unref (pf->basis);
  g_free (pf->name);
  g_free (pf->unmarkable);
  g_free (pf);
}

/* Appends LIST[*I] = V to the list at *A (created when NULL). */
static void
list_add (GArray **a, guint v)
{
  if (!*a)
    *a = g_array_new (FALSE, FALSE, sizeof (guint));
  g_array_append_val (*a, v);
}

/* A number of WORD, at most MAX. */
static gboolean
number (const char *word, guint64 max, guint64 *v)
{
  return g_ascii_string_to_unsigned (word, 10, 0, max, v, NULL);
}

/* Reads W[0..N) as a vector: PLACE or PLACE*COUNT, places increasing. */
static gboolean
read_vec (Cert *c, char **w, guint n, Vec *v)
{
  v->line = c->line;
  v->n = 0;
  v->sig = 0;
  v->t = g_new (Tok, MAX (n, 1));
  for (guint i = 0; i < n; i++)
    {
      char *star = strchr (w[i], '*');
      guint64 p, k = 1;
      if (star)
        *star = '\0';
      if (!number (w[i], G_MAXUINT32, &p) || p >= c->np || (star && !number (star + 1, G_MAXUINT32, &k))
          || k == 0 || (i > 0 && p <= v->t[i - 1].place))
        return fail (c, c->line, "'%s%s%s': expected PLACE or PLACE*COUNT (a place below %u, places "
                     "increasing, a count from 1 to %u)", w[i], star ? "*" : "", star ? star + 1 : "", c->np,
                     G_MAXUINT32);
      v->t[v->n++] = (Tok) { (guint32) p, (guint32) k };
      v->sig |= G_GUINT64_CONSTANT (1) << (p % 64);
    }
  return TRUE;
}

/* The index of the word KEY in W[0..N), or N. */
static guint
find_word (char **w, guint n, const char *key)
{
  guint i = 0;
  while (i < n && strcmp (w[i], key) != 0)
    i++;
  return i;
}

/* A "net", "place" or "transition" line, W[0..N) (W[0] the keyword). */
static gboolean
read_net_line (Cert *c, char **w, guint n)
{
  guint64 a, b;
  if (strcmp (w[0], "net") == 0)
    {
      if (c->has_net || n != 3 || !number (w[1], MAX_SIZE, &a) || !number (w[2], MAX_SIZE, &b))
        return fail (c, c->line, "expected one line 'net PLACES TRANSITIONS' (at most %u each)", MAX_SIZE);
      c->has_net = TRUE;
      c->np = a, c->nt = b;
      c->init = g_new0 (guint64, MAX (a, 1));
      c->m = g_new0 (guint64, MAX (a, 1));
      c->omega = g_new0 (guint8, MAX (a, 1));
      c->producers = g_new0 (GArray *, MAX (a, 1));
      return TRUE;
    }
  if (!c->has_net || c->cur || c->proofs->len || c->uncertified->len)
    return fail (c, c->line, "'%s' outside the net (after 'net', before the proofs)", w[0]);
  if (strcmp (w[0], "place") == 0)
    {
      if (n < 2 || n > 3 || !number (w[1], G_MAXUINT32, &a) || a != c->places || a >= c->np)
        return fail (c, c->line, "expected 'place %u [NAME]' (the net declares %u places)", c->places, c->np);
      c->places++;
      return TRUE;
    }
  guint arrow = find_word (w, n, "->");
  if (n < 2 || !number (w[1], G_MAXUINT32, &a) || a != c->trans || a >= c->nt || arrow == n)
    return fail (c, c->line, "expected 'transition %u INPUTS -> OUTPUTS' (the net declares %u transitions)",
                 c->trans, c->nt);
  Vec pre, post = { 0 };
  gboolean ok = read_vec (c, w + 2, arrow - 2, &pre) && read_vec (c, w + arrow + 1, n - arrow - 1, &post);
  g_array_append_val (c->pre, pre);
  g_array_append_val (c->post, post);
  for (guint i = 0; ok && i < post.n; i++)
    list_add (&c->producers[post.t[i].place], c->trans);
  c->trans++;
  return ok;
}

/* FALSE after a message unless every place and transition the net declares, and its
 * initial and omega lines, were given. */
static gboolean
net_complete (Cert *c)
{
  if (c->has_net && c->places == c->np && c->trans == c->nt && c->has_init && c->has_omega)
    return TRUE;
  return fail (c, c->line, "the net is incomplete: %u of %u places and %u of %u transitions given, "
               "%s 'initial' and %s 'omega' line", c->places, c->np, c->trans, c->nt,
               c->has_init ? "an" : "no", c->has_omega ? "an" : "no");
}

/* Any other line (not the header), W[0..N). */
static gboolean
read_line (Cert *c, char **w, guint n)
{
  const char *kw = w[0];
  Vec v = { 0 };
  if (strcmp (kw, "net") == 0 || strcmp (kw, "place") == 0 || strcmp (kw, "transition") == 0)
    return read_net_line (c, w, n);
  if (!c->has_net)
    return fail (c, c->line, "expected 'net PLACES TRANSITIONS' before '%s'", kw);
  if (strcmp (kw, "initial") == 0 || strcmp (kw, "omega") == 0)
    {
      gboolean *has = kw[0] == 'i' ? &c->has_init : &c->has_omega;
      if (*has || c->proofs->len || c->uncertified->len)
        return fail (c, c->line, "expected one '%s' line, before the proofs", kw);
      gboolean ok = *has = read_vec (c, w + 1, n - 1, &v);
      for (guint i = 0; ok && i < v.n; i++)
        if (kw[0] == 'i')
          c->init[v.t[i].place] = v.t[i].count;
        else if (v.t[i].count == 1)
          c->omega[v.t[i].place] = 1;
        else
          ok = fail (c, c->line, "expected 'omega PLACES'");
      g_free (v.t);
      return ok;
    }
  if (!net_complete (c))
    return FALSE;
  if (strcmp (kw, "proof") == 0 || strcmp (kw, "uncertified") == 0)
    {
      if (c->cur || n < 2 || (kw[0] == 'p' && n != 2))
        return fail (c, c->line, c->cur ? "'%s' inside a proof (expected 'end' first)"
                     : "expected '%s NAME%s'", kw, kw[0] == 'p' ? "" : " WHY");
      if (kw[0] == 'u')
        {
          g_autofree char *why = g_strjoinv (" ", w + 2);
          g_ptr_array_add (c->uncertified, g_strdup_printf ("%s: not certified (%s)", w[1], why));
          return TRUE;
        }
      c->cur = g_new0 (Proof, 1);
      c->cur->name = g_strdup (w[1]);
      c->cur->line = c->line;
      c->cur->unmarkable = g_new0 (guint8, MAX (c->np, 1));
      c->cur->bounds = g_array_new (FALSE, FALSE, sizeof (Bound));
      c->cur->targets = g_array_new (FALSE, FALSE, sizeof (Vec));
      c->cur->basis = g_array_new (FALSE, FALSE, sizeof (Vec));
      g_array_set_clear_func (c->cur->targets, vec_clear);
      g_array_set_clear_func (c->cur->basis, vec_clear);
      g_ptr_array_add (c->proofs, c->cur);
      return TRUE;
    }
  if (!c->cur)
    return fail (c, c->line, "'%s' outside a proof", kw);
  if (strcmp (kw, "end") == 0)
    {
      c->cur = NULL;
      return n == 1 || fail (c, c->line, "expected 'end' alone");
    }
  if (strcmp (kw, "target") == 0 || strcmp (kw, "basis") == 0)
    {
      gboolean ok = read_vec (c, w + 1, n - 1, &v);
      g_array_append_val (kw[0] == 't' ? c->cur->targets : c->cur->basis, v);
      return ok;
    }
  if (strcmp (kw, "unmarkable") == 0)
    {
      gboolean ok = read_vec (c, w + 1, n - 1, &v);
      for (guint i = 0; ok && i < v.n; i++)
        c->cur->unmarkable[v.t[i].place] = 1;
      g_free (v.t);
      c->cur->uline = c->line;
      return ok;
    }
  gboolean eq = strcmp (kw, "invariant") == 0;
  if (!eq && strcmp (kw, "farkas") != 0)
    return fail (c, c->line, "unknown line '%s'", kw);
  Bound b = { { 0 }, 0, eq };
  if (n < 3 || strcmp (w[n - 2], eq ? "=" : "<=") != 0 || !number (w[n - 1], G_MAXUINT64, &b.total))
    return fail (c, c->line, "expected '%s WEIGHTS %s TOTAL'", kw, eq ? "=" : "<=");
  gboolean ok = read_vec (c, w + 1, n - 3, &b.w);
  g_array_append_val (c->cur->bounds, b);
  return ok;
}

/* Reads the certificate TEXT; FALSE after the first malformed line. */
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
      g_auto (GStrv) w = g_strsplit_set (g_strstrip (line), " \t", -1);
      guint n = 0;
      for (guint i = 0; w[i]; i++)
        if (*w[i])
          w[n++] = w[i];
        else
          g_free (w[i]);
      w[n] = NULL;
      if (n == 0)
        continue;
      if (!header)
        ok = header = (n == 3 && strcmp (w[0], "racefree") == 0 && strcmp (w[1], "certificate") == 0
                       && strcmp (w[2], "1") == 0)
                      || fail (c, c->line, "expected 'racefree certificate 1' (a racefree proof certificate, "
                               "version 1)");
      else
        ok = read_line (c, w, n);
    }
  if (ok && c->cur)
    return fail (c, c->cur->line, "proof '%s' has no 'end'", c->cur->name);
  return ok && (header || fail (c, c->line, "expected 'racefree certificate 1'")) && net_complete (c);
}

/* "{P, P*C, ...}" of c->m on the places SUPP[0..N). Owned. */
static char *
marking_str (Cert *c, const guint32 *supp, guint n)
{
  GString *s = g_string_new ("{");
  for (guint i = 0; i < n; i++)
    {
      if (!c->m[supp[i]])
        continue;
      g_string_append_printf (s, s->len > 1 ? ", %u" : "%u", supp[i]);
      if (c->m[supp[i]] > 1)
        g_string_append_printf (s, "*%" G_GUINT64_FORMAT, c->m[supp[i]]);
    }
  g_string_append_c (s, '}');
  return g_string_free (s, FALSE);
}

/* A basis marking below c->m, on SUPP[0..N) (its support), or -1. */
static gint
covering (Cert *c, Proof *pf, const guint32 *supp, guint n)
{
  guint64 sig = 0;  /* a basis marking below c->m has its places among c->m's */
  for (guint i = 0; i < n; i++)
    sig |= c->m[supp[i]] ? G_GUINT64_CONSTANT (1) << (supp[i] % 64) : 0;
  for (guint i = 0; i <= n; i++)
    {
      GArray *l = i < n ? pf->keys[supp[i]] : pf->empty_key;
      for (guint k = 0; l && k < l->len; k++)
        {
          const Vec *b = &g_array_index (pf->basis, Vec, g_array_index (l, guint, k));
          if (b->sig & ~sig)
            continue;
          guint j = 0;
          while (j < b->n && b->t[j].count <= c->m[b->t[j].place])
            j++;
          if (j == b->n)
            return g_array_index (l, guint, k);
        }
    }
  return -1;
}

/* TRUE when c->m (on SUPP[0..N), distinct places) marks an unmarkable place or exceeds
 * a bound's total: no reachable marking covers it. */
static gboolean
excluded (Cert *c, Proof *pf, const guint32 *supp, guint n)
{
  gboolean out = FALSE;
  g_array_set_size (pf->touched, 0);
  for (guint i = 0; i < n; i++)
    {
      guint32 p = supp[i];
      out |= pf->unmarkable[p] && c->m[p];
      for (guint j = 0; c->m[p] && pf->by_place[p] && j < pf->by_place[p]->len; j++)
        {
          Tok o = g_array_index (pf->by_place[p], Tok, j);  /* place = bound index */
          if (pf->sum[o.place] == 0)
            g_array_append_val (pf->touched, o.place);
          pf->sum[o.place] += (Sum) o.count * c->m[p];
        }
    }
  for (guint k = 0; k < pf->touched->len; k++)
    {
      guint i = g_array_index (pf->touched, guint, k);
      out |= pf->sum[i] > g_array_index (pf->bounds, Bound, i).total;
      pf->sum[i] = 0;
    }
  return out;
}

/* Decimal of S, into BUF (40 bytes). */
static const char *
sum_str (Sum s, char *buf)
{
  char *e = buf + 39;
  *e = '\0';
  do
    *--e = '0' + (char) (s % 10);
  while ((s /= 10) > 0);
  return e;
}

/* Checks 1 and 2 of the file comment for PF. */
static gboolean
check_facts (Cert *c, Proof *pf, const guint8 *dead)
{
  for (guint p = 0; p < c->np; p++)
    if (pf->unmarkable[p] && (c->init[p] || c->omega[p]))
      return fail (c, pf->uline, "proof '%s': unmarkable place %u is marked initially", pf->name, p);
  for (guint t = 0; t < c->nt; t++)
    for (guint i = 0; !dead[t] && i < g_array_index (c->post, Vec, t).n; i++)
      if (pf->unmarkable[g_array_index (c->post, Vec, t).t[i].place])
        return fail (c, pf->uline, "proof '%s': transition %u (line %u) can fire and marks unmarkable place %u",
                     pf->name, t, g_array_index (c->post, Vec, t).line, g_array_index (c->post, Vec, t).t[i].place);
  g_autofree guint64 *w = g_new0 (guint64, MAX (c->np, 1));
  gboolean ok = TRUE;
  char b1[40], b2[40];
  for (guint k = 0; k < pf->bounds->len && ok; k++)
    {
      const Bound *b = &g_array_index (pf->bounds, Bound, k);
      const char *kind = b->eq ? "invariant" : "farkas inequality";
      Sum at0 = 0;
      for (guint i = 0; i < b->w.n; i++)
        {
          w[b->w.t[i].place] = b->w.t[i].count;
          at0 += (Sum) b->w.t[i].count * c->init[b->w.t[i].place];
          if (c->omega[b->w.t[i].place] && ok)
            ok = fail (c, b->w.line, "proof '%s': the %s weighs omega place %u", pf->name, kind, b->w.t[i].place);
        }
      if (ok && (b->eq ? at0 != b->total : at0 > b->total))
        ok = fail (c, b->w.line, "proof '%s': the %s's total %" G_GUINT64_FORMAT " %s the initial marking's "
                   "weighted sum %s", pf->name, kind, b->total, b->eq ? "differs from" : "is below", sum_str (at0, b1));
      for (guint t = 0; t < c->nt && ok; t++)
        {
          const Vec *pre = &g_array_index (c->pre, Vec, t), *post = &g_array_index (c->post, Vec, t);
          Sum in = 0, out = 0;
          for (guint i = 0; i < pre->n; i++)
            in += (Sum) w[pre->t[i].place] * pre->t[i].count;
          for (guint i = 0; i < post->n; i++)
            out += (Sum) w[post->t[i].place] * post->t[i].count;
          if (!dead[t] && (b->eq ? in != out : out > in))
            ok = fail (c, b->w.line, "proof '%s': transition %u (line %u) takes %s from the %s's weighted sum and "
                       "gives back %s", pf->name, t, pre->line, sum_str (in, b1), kind, sum_str (out, b2));
        }
      for (guint i = 0; i < b->w.n; i++)
        w[b->w.t[i].place] = 0;
    }
  return ok;
}

/* Checks proof PF (the file comment's 1 to 5). */
static gboolean
check_proof (Cert *c, Proof *pf)
{
  g_autofree guint8 *dead = g_new0 (guint8, MAX (c->nt, 1));
  for (guint t = 0; t < c->nt; t++)
    for (guint i = 0; i < g_array_index (c->pre, Vec, t).n; i++)
      dead[t] |= pf->unmarkable[g_array_index (c->pre, Vec, t).t[i].place];
  if (!check_facts (c, pf, dead))
    return FALSE;
  /* Indexes: each basis marking under its place in the fewest basis markings, each
   * bound under every place it weighs. */
  g_autofree guint *occ = g_new0 (guint, MAX (c->np, 1));
  g_autoptr (GArray) empty = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) touched = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autofree Sum *sum = g_new0 (Sum, MAX (pf->bounds->len, 1));
  g_autofree GArray **keys = g_new0 (GArray *, MAX (c->np, 1));
  g_autofree GArray **by_place = g_new0 (GArray *, MAX (c->np, 1));
  pf->keys = keys, pf->empty_key = empty, pf->by_place = by_place, pf->sum = sum, pf->touched = touched;
  for (guint k = 0; k < pf->basis->len; k++)
    for (guint i = 0; i < g_array_index (pf->basis, Vec, k).n; i++)
      occ[g_array_index (pf->basis, Vec, k).t[i].place]++;
  for (guint k = 0; k < pf->basis->len; k++)
    {
      const Vec *b = &g_array_index (pf->basis, Vec, k);
      guint key = 0;
      for (guint i = 1; i < b->n; i++)
        key = occ[b->t[i].place] < occ[b->t[key].place] ? i : key;
      list_add (b->n ? &keys[b->t[key].place] : &pf->empty_key, k);
    }
  for (guint k = 0; k < pf->bounds->len; k++)
    for (guint i = 0; i < g_array_index (pf->bounds, Bound, k).w.n; i++)
      {
        Tok o = g_array_index (pf->bounds, Bound, k).w.t[i];
        if (!by_place[o.place])
          by_place[o.place] = g_array_new (FALSE, FALSE, sizeof (Tok));
        g_array_append_val (by_place[o.place], ((Tok) { k, o.count }));
      }
  g_autofree guint32 *supp = g_new (guint32, 2 * MAX (c->np, 1));
  g_autofree guint *stamp = g_new0 (guint, MAX (c->nt, 1));
  gboolean ok = TRUE;
  for (guint k = 0; k < pf->targets->len && ok; k++)  /* 3 */
    {
      const Vec *t = &g_array_index (pf->targets, Vec, k);
      for (guint i = 0; i < t->n; i++)
        c->m[supp[i] = t->t[i].place] = t->t[i].count;
      if (!excluded (c, pf, supp, t->n) && covering (c, pf, supp, t->n) < 0)
        ok = fail (c, t->line, "proof '%s': the target is neither covered by the basis nor excluded", pf->name);
      for (guint i = 0; i < t->n; i++)
        c->m[supp[i]] = 0;
    }
  for (guint k = 0; k < pf->basis->len && ok; k++)  /* 4 */
    {
      const Vec *b = &g_array_index (pf->basis, Vec, k);
      guint i = 0;
      while (i < b->n && (c->omega[b->t[i].place] || b->t[i].count <= c->init[b->t[i].place]))
        i++;
      if (i == b->n)
        ok = fail (c, b->line, "proof '%s': the basis marking lies below the initial marking", pf->name);
    }
  for (guint k = 0; k < pf->basis->len && ok; k++)  /* 5 */
    {
      const Vec *b = &g_array_index (pf->basis, Vec, k);
      for (guint i = 0; i < b->n && ok; i++)
        for (guint j = 0; c->producers[b->t[i].place] && j < c->producers[b->t[i].place]->len && ok; j++)
          {
            guint t = g_array_index (c->producers[b->t[i].place], guint, j);
            const Vec *pre = &g_array_index (c->pre, Vec, t), *post = &g_array_index (c->post, Vec, t);
            if (stamp[t] == k + 1)
              continue;
            stamp[t] = k + 1;
            guint n = 0, x = 0, y = 0;  /* supp := the places of b and pre, merged */
            while (x < b->n || y < pre->n)
              {
                guint32 p = y == pre->n || (x < b->n && b->t[x].place <= pre->t[y].place) ? b->t[x].place
                                                                                          : pre->t[y].place;
                supp[n++] = p;
                x += x < b->n && b->t[x].place == p;
                y += y < pre->n && pre->t[y].place == p;
              }
            for (guint q = 0; q < b->n; q++)
              c->m[b->t[q].place] = b->t[q].count;
            for (guint q = 0; q < post->n; q++)
              c->m[post->t[q].place] -= MIN (c->m[post->t[q].place], post->t[q].count);
            for (guint q = 0; q < pre->n; q++)
              c->m[pre->t[q].place] += pre->t[q].count;
            if (!excluded (c, pf, supp, n) && covering (c, pf, supp, n) < 0)
              {
                g_autofree char *ms = marking_str (c, supp, n);
                ok = fail (c, b->line, "proof '%s': through transition %u (line %u), the basis marking has the "
                           "predecessor %s, neither covered by the basis nor excluded", pf->name, t, pre->line, ms);
              }
            for (guint q = 0; q < n; q++)
              c->m[supp[q]] = 0;
          }
    }
  arrays_free (by_place, c->np), by_place = NULL;
  arrays_free (keys, c->np), keys = NULL;
  pf->keys = NULL;
  return ok;
}

int
rf_certify_check (const char *file, const char *text, gsize len, RfOut *out, RfOut *err)
{
  Cert c = { file, out, err };
  c.pre = g_array_new (FALSE, FALSE, sizeof (Vec));
  c.post = g_array_new (FALSE, FALSE, sizeof (Vec));
  g_array_set_clear_func (c.pre, vec_clear);
  g_array_set_clear_func (c.post, vec_clear);
  c.proofs = g_ptr_array_new_with_free_func (proof_free);
  c.uncertified = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *copy = g_strndup (text, len);
  guint failed = 0;
  gboolean ok = memchr (text, '\0', len) == NULL || fail (&c, 1, "the certificate holds a NUL byte");
  if ((ok = ok && read_cert (&c, copy)))
    {
      for (guint k = 0; k < c.proofs->len; k++)
        {
          Proof *pf = g_ptr_array_index (c.proofs, k);
          guint nu = 0;
          for (guint p = 0; p < c.np; p++)
            nu += pf->unmarkable[p];
          if (check_proof (&c, pf))
            rf_out_printf (out, "%s: valid: %u targets, %u basis markings, %u invariants and inequalities, "
                           "%u unmarkable places\n", pf->name, pf->targets->len, pf->basis->len,
                           pf->bounds->len, nu);
          else
            rf_out_printf (out, "%s: INVALID\n", pf->name), failed++;
        }
      for (guint k = 0; k < c.uncertified->len; k++)
        rf_out_printf (out, "%s\n", (char *) g_ptr_array_index (c.uncertified, k));
      if (failed)
        rf_out_printf (out, "%s: invalid certificate: %u of %u proofs fail\n", file, failed, c.proofs->len);
      else
        rf_out_printf (out, "%s: valid certificate: %u proofs hold\n", file, c.proofs->len);
    }
  else
    rf_out_printf (out, "%s: invalid certificate: malformed\n", file);
  arrays_free (c.producers, c.np);
  g_array_unref (c.pre);
  g_array_unref (c.post);
  g_ptr_array_unref (c.proofs);
  g_ptr_array_unref (c.uncertified);
  g_free (c.init);
  g_free (c.m);
  g_free (c.omega);
  return ok && !failed ? RF_CERTIFY_VALID : RF_CERTIFY_INVALID;
}

int
rf_certify_check_file (const char *file, RfOut *out, RfOut *err)
{
  g_autoptr (GError) error = NULL;
  GString *text = rf_input_read_file (file, NULL, &error);
  if (!text)
    {
      rf_out_printf (err, "racefree verify-cert: error: %s\n", error->message);
      return RF_CERTIFY_UNREADABLE;
    }
  int status = rf_certify_check (file, text->str, text->len, out, err);
  g_string_free (text, TRUE);
  return status;
}
