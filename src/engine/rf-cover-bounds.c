/* rf-cover-bounds: linear bounds every reachable marking satisfies, indexed by place.
 *
 * A bound is sum_p weights(p)·M(p) <= total (RfInvariant): the net's checked
 * P-invariants, and the certificates the state-equation test learns as the search
 * goes. Each place lists the bounds that weigh it, so the weighted sums of a marking
 * touch only the bounds that weigh its support; they are summed into scratch arrays
 * kept zero between calls. */
#include "rf-cover-private.h"

/* Adds BOUND (owned) to B. */
void
cover_bounds_add (Bounds *b, RfInvariant *bound)
{
  guint k = b->all->len;
  g_ptr_array_add (b->all, bound);
  for (guint i = 0; i < bound->weights->n; i++)
    {
      GArray **occ = (GArray **) &g_ptr_array_index (b->by_place, bound->weights->e[i].place);
      if (!*occ)
        *occ = g_array_new (FALSE, FALSE, sizeof (RfToken));
      RfToken o = { k, bound->weights->e[i].count };
      g_array_append_val (*occ, o);
    }
  g_array_set_size (b->sum, b->all->len);
}

/* B := the bounds of ALL (RfInvariant*; taken, with its elements). */
void
cover_bounds_init (Bounds *b, guint n_places, GPtrArray *all)
{
  b->all = g_ptr_array_new_with_free_func ((GDestroyNotify) rf_invariant_free);
  b->by_place = g_ptr_array_new_full (n_places, cover_array_unref0);
  g_ptr_array_set_size (b->by_place, n_places);
  b->sum = g_array_new (FALSE, TRUE, sizeof (guint64));
  b->touched = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_ptr_array_set_free_func (all, NULL);
  for (guint k = 0; k < all->len; k++)
    cover_bounds_add (b, g_ptr_array_index (all, k));
  g_ptr_array_unref (all);
}

void
cover_bounds_clear (Bounds *b)
{
  g_ptr_array_unref (b->all);
  g_ptr_array_unref (b->by_place);
  g_array_unref (b->sum);
  g_array_unref (b->touched);
}

/* The weighted sums of M for the bounds that weigh its support, into b->sum (listed in
 * b->touched); the caller reads and zeroes them. */
static void
bounds_sum (Bounds *b, const RfMarking *m)
{
  guint64 *sum = (guint64 *) b->sum->data;
  g_array_set_size (b->touched, 0);
  for (guint i = 0; i < m->n; i++)
    {
      GArray *occ = g_ptr_array_index (b->by_place, m->e[i].place);
      for (guint k = 0; occ && k < occ->len; k++)
        {
          const RfToken *o = &g_array_index (occ, RfToken, k);  /* place = bound index */
          if (sum[o->place] == 0)
            g_array_append_val (b->touched, o->place);
          sum[o->place] += (guint64) m->e[i].count * o->count;
        }
    }
}

/* The first bound M exceeds (then M covers no reachable marking), or -1. */
gint
cover_bounds_exceeded (Bounds *b, const RfMarking *m)
{
  if (b->all->len == 0)
    return -1;
  bounds_sum (b, m);
  guint64 *sum = (guint64 *) b->sum->data;
  gint over = -1;
  for (guint k = 0; k < b->touched->len; k++)
    {
      guint32 i = g_array_index (b->touched, guint32, k);
      const RfInvariant *iv = g_ptr_array_index (b->all, i);
      if (sum[i] > iv->total && (over < 0 || (gint) i < over))
        over = i;
      sum[i] = 0;
    }
  return over;
}

/* The first bound M saturates (weighted sum == total), or -1. */
gint
cover_bounds_saturated (Bounds *b, const RfMarking *m)
{
  if (b->all->len == 0)
    return -1;
  bounds_sum (b, m);
  guint64 *sum = (guint64 *) b->sum->data;
  gint found = -1;
  for (guint k = 0; k < b->touched->len; k++)
    {
      guint32 i = g_array_index (b->touched, guint32, k);
      const RfInvariant *iv = g_ptr_array_index (b->all, i);
      if (sum[i] == iv->total && (found < 0 || (gint) i < found))
        found = i;
      sum[i] = 0;
    }
  return found;
}
