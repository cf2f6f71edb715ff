/* rf-marking: sparse markings; the comparisons and predecessor step of backward search.
 *
 * A marking is a sorted vector of (place, count) pairs, so comparisons and the
 * predecessor step are merges of sorted vectors, linear in the supports. A reset
 * (a transition emptying places) only decides whether a predecessor exists: where
 * one does, it is the one of the same transition without resets. */
#include "rf-marking.h"

#include <stdlib.h>
#include <string.h>

static RfMarking *
marking_alloc (guint n)
{
  RfMarking *m = g_malloc (sizeof (RfMarking) + n * sizeof (RfToken));
  m->ref = 1;
  m->n = n;
  m->norm = 0;
  m->sig = 0;
  return m;
}

static int
token_cmp (const void *a, const void *b)
{
  const RfToken *x = a, *y = b;
  return (x->place > y->place) - (x->place < y->place);
}

RfMarking *
rf_marking_new (const RfToken *tokens, guint n)
{
  g_autofree RfToken *tmp = g_memdup2 (tokens, n * sizeof (RfToken));
  if (n > 1)
    qsort (tmp, n, sizeof (RfToken), token_cmp);
  RfMarking *m = marking_alloc (n);
  guint k = 0;
  for (guint i = 0; i < n; i++)
    {
      if (tmp[i].count == 0)
        continue;
      if (k > 0 && m->e[k - 1].place == tmp[i].place)
        m->e[k - 1].count += tmp[i].count;
      else
        m->e[k++] = tmp[i];
      m->norm += tmp[i].count;
      m->sig |= G_GUINT64_CONSTANT (1) << (tmp[i].place % 64);
    }
  m->n = k;
  return m;
}

RfMarking *
rf_marking_new_empty (void)
{
  return marking_alloc (0);
}

RfMarking *
rf_marking_ref (RfMarking *m)
{
  m->ref++;
  return m;
}

void
rf_marking_unref (RfMarking *m)
{
  if (m && --m->ref == 0)
    g_free (m);
}

guint32
rf_marking_get (const RfMarking *m, guint32 place)
{
  guint lo = 0, hi = m->n;
  while (lo < hi)
    {
      guint mid = (lo + hi) / 2;
      if (m->e[mid].place < place)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo < m->n && m->e[lo].place == place ? m->e[lo].count : 0;
}

gboolean
rf_marking_leq (const RfMarking *a, const RfMarking *b)
{
  if (a->n > b->n || a->norm > b->norm || (a->sig & ~b->sig) != 0)
    return FALSE;
  guint j = 0;
  for (guint i = 0; i < a->n; i++)
    {
      while (j < b->n && b->e[j].place < a->e[i].place)
        j++;
      if (j == b->n || b->e[j].place != a->e[i].place || b->e[j].count < a->e[i].count)
        return FALSE;
      j++;
    }
  return TRUE;
}

gboolean
rf_marking_equal (const RfMarking *a, const RfMarking *b)
{
  return a->n == b->n && a->norm == b->norm && memcmp (a->e, b->e, a->n * sizeof (RfToken)) == 0;
}

guint
rf_marking_hash (const RfMarking *m)
{
  guint h = 2166136261u;
  for (guint i = 0; i < m->n; i++)
    {
      h = (h ^ m->e[i].place) * 16777619u;
      h = (h ^ m->e[i].count) * 16777619u;
    }
  return h;
}

gboolean
rf_marking_leq_dense (const RfMarking *m, const guint32 *bound, const gboolean *omega)
{
  for (guint i = 0; i < m->n; i++)
    {
      guint32 p = m->e[i].place;
      if (omega && omega[p])
        continue;
      if (m->e[i].count > bound[p])
        return FALSE;
    }
  return TRUE;
}

/* TRUE when some place of RESETS (sorted) holds more tokens in M than POST puts
 * there: a merge of three sorted vectors. */
static gboolean
reset_blocks (const RfMarking *m, const RfToken *post, guint n_post, const guint *resets, guint n_resets)
{
  guint i = 0, b = 0;
  for (guint r = 0; r < n_resets; r++)
    {
      guint32 p = resets[r];
      while (i < m->n && m->e[i].place < p)
        i++;
      if (i == m->n)
        return FALSE;
      if (m->e[i].place != p)
        continue;
      while (b < n_post && post[b].place < p)
        b++;
      if (m->e[i].count > (b < n_post && post[b].place == p ? post[b].count : 0))
        return TRUE;
    }
  return FALSE;
}

RfMarking *
rf_marking_pre (const RfMarking *m, const RfToken *pre, guint n_pre, const RfToken *post, guint n_post,
                const guint *resets, guint n_resets)
{
  if (n_resets > 0 && reset_blocks (m, post, n_post, resets, n_resets))
    return NULL;
  /* result(p) = max(m(p) - post(p), 0) + pre(p): merge three sorted vectors. */
  RfMarking *r = marking_alloc (m->n + n_pre);
  guint i = 0, a = 0, b = 0, k = 0;
  while (i < m->n || a < n_pre)
    {
      guint32 p = G_MAXUINT32;
      if (i < m->n)
        p = m->e[i].place;
      if (a < n_pre && pre[a].place < p)
        p = pre[a].place;
      guint32 c = 0;
      if (i < m->n && m->e[i].place == p)
        {
          c = m->e[i].count;
          i++;
          while (b < n_post && post[b].place < p)
            b++;
          if (b < n_post && post[b].place == p)
            c = c > post[b].count ? c - post[b].count : 0;
        }
      if (a < n_pre && pre[a].place == p)
        c += pre[a++].count;
      if (c > 0)
        {
          r->e[k].place = p;
          r->e[k].count = c;
          r->norm += c;
          r->sig |= G_GUINT64_CONSTANT (1) << (p % 64);
          k++;
        }
    }
  r->n = k;
  return r;
}

gboolean
rf_marking_meets (const RfMarking *m, const RfToken *post, guint n_post)
{
  guint i = 0, b = 0;
  while (i < m->n && b < n_post)
    {
      if (m->e[i].place == post[b].place)
        return TRUE;
      if (m->e[i].place < post[b].place)
        i++;
      else
        b++;
    }
  return FALSE;
}

gboolean
rf_marking_fire_dense (guint32 *dense, const RfToken *pre, guint n_pre, const RfToken *post, guint n_post,
                       const guint *resets, guint n_resets)
{
  for (guint a = 0; a < n_pre; a++)
    if (dense[pre[a].place] < pre[a].count)
      return FALSE;
  for (guint a = 0; a < n_pre; a++)
    dense[pre[a].place] -= pre[a].count;
  for (guint r = 0; r < n_resets; r++)
    dense[resets[r]] = 0;
  for (guint b = 0; b < n_post; b++)
    dense[post[b].place] += post[b].count;
  return TRUE;
}
