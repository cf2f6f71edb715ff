/* oracle: breadth-first forward coverability over dense markings, for cross-checking the engine.
 *
 * Visited markings are numbered in discovery order; that order is also the BFS queue, so
 * a marking's parent number and the transition that produced it are all the search keeps
 * besides the vectors. Targets are checked when a marking is discovered, so the first hit
 * is at minimal depth. */
#include <string.h>

#include "oracle.h"

/* Search: the visited markings of one run.
 * Invariant: vecs, parent and via have one entry per visited marking, numbered in
 * discovery order; seen maps each vector's bytes to its number + 1. */
typedef struct {
  guint n_places;
  GPtrArray *vecs;     /* GBytes of n_places guint32, owned */
  GArray *parent;      /* guint: number of the marking fired from (G_MAXUINT for the root) */
  GArray *via;         /* guint: transition fired from the parent */
  GHashTable *seen;    /* GBytes (borrowed from vecs) -> GUINT_TO_POINTER (number + 1) */
} Search;

gboolean
oracle_covers (const guint32 *dense, const RfMarking *target)
{
  for (guint32 i = 0; i < target->n; i++)
    if (dense[target->e[i].place] < target->e[i].count)
      return FALSE;
  return TRUE;
}

/* FROM -> TO through transition T: TO = FROM - pre, then every place T resets set to
 * 0, then + post; FALSE when not enabled. */
static gboolean
fire_into (const RfTransition *t, const guint32 *from, guint32 *to, guint n_places)
{
  memcpy (to, from, n_places * sizeof *to);
  for (guint i = 0; i < t->n_pre; i++)
    {
      guint32 p = t->pre[i].place;
      if (to[p] < t->pre[i].count)
        return FALSE;
      to[p] -= t->pre[i].count;
    }
  for (guint i = 0; i < t->n_resets; i++)
    to[t->resets[i]] = 0;
  for (guint i = 0; i < t->n_post; i++)
    to[t->post[i].place] += t->post[i].count;
  return TRUE;
}

gboolean
oracle_fire (const RfNet *net, guint t, guint32 *dense)
{
  guint n = rf_net_n_places (net);
  g_autofree guint32 *next = g_new (guint32, n);

  if (!fire_into (rf_net_get_transition (net, t), dense, next, n))
    return FALSE;
  memcpy (dense, next, n * sizeof *dense);
  return TRUE;
}

static gint
first_covered (const guint32 *dense, GPtrArray *targets)
{
  for (guint i = 0; i < targets->len; i++)
    if (oracle_covers (dense, g_ptr_array_index (targets, i)))
      return (gint) i;
  return -1;
}

enum { VISIT_SEEN = -1, VISIT_FULL = -2 };

/* Adds VEC as a new marking reached from PARENT through VIA; returns its number,
 * VISIT_SEEN when it was already visited, VISIT_FULL when it is new but MAX_STATES
 * markings are already visited (0 = no cap). */
static gint
visit (Search *s, const guint32 *vec, guint parent, guint via, guint64 max_states)
{
  GBytes *key = g_bytes_new (vec, s->n_places * sizeof *vec);

  gboolean seen = g_hash_table_contains (s->seen, key);

  if (seen || (max_states && s->vecs->len >= max_states))
    {
      g_bytes_unref (key);
      return seen ? VISIT_SEEN : VISIT_FULL;
    }
  guint id = s->vecs->len;
  g_ptr_array_add (s->vecs, key);
  g_array_append_val (s->parent, parent);
  g_array_append_val (s->via, via);
  g_hash_table_insert (s->seen, key, GUINT_TO_POINTER (id + 1));
  return (gint) id;
}

/* The transitions fired from the root to marking ID, in firing order. */
static GArray *
path_to (const Search *s, guint id)
{
  GArray *steps = g_array_new (FALSE, FALSE, sizeof (guint));

  while (g_array_index (s->parent, guint, id) != G_MAXUINT)
    {
      g_array_prepend_val (steps, g_array_index (s->via, guint, id));
      id = g_array_index (s->parent, guint, id);
    }
  return steps;
}

static gboolean
within_bound (const guint32 *vec, guint n, guint32 bound)
{
  for (guint p = 0; p < n; p++)
    if (vec[p] > bound)
      return FALSE;
  return TRUE;
}

OracleResult *
oracle_run (const RfNet *net, const guint32 *initial, GPtrArray *targets,
            guint32 bound, guint64 max_states)
{
  guint n = rf_net_n_places (net);
  guint n_trans = rf_net_n_transitions (net);
  OracleResult *r = g_new0 (OracleResult, 1);
  Search s = {
    .n_places = n,
    .vecs = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref),
    .parent = g_array_new (FALSE, FALSE, sizeof (guint)),
    .via = g_array_new (FALSE, FALSE, sizeof (guint)),
    .seen = g_hash_table_new (g_bytes_hash, g_bytes_equal),
  };
  g_autofree guint32 *next = g_new0 (guint32, n ? n : 1);

  if (initial == NULL)
    {
      const gboolean *omega = rf_net_peek_omega (net);
      for (guint p = 0; omega && p < n; p++)
        g_assert (!omega[p]);
      initial = rf_net_peek_initial (net);
    }

  r->verdict = ORACLE_NOT_COVERED;
  /* pre: the root is the initial marking; post: every marking numbered below `head`
   * has had all its successors within the bound visited. */
  visit (&s, initial, G_MAXUINT, G_MAXUINT, 0);
  gint hit = first_covered (initial, targets);
  if (hit >= 0)
    {
      r->verdict = ORACLE_COVERED;
      r->target = hit;
      r->steps = path_to (&s, 0);
    }
  for (guint head = 0; r->verdict == ORACLE_NOT_COVERED && head < s.vecs->len; head++)
    {
      const guint32 *cur = g_bytes_get_data (g_ptr_array_index (s.vecs, head), NULL);

      for (guint t = 0; t < n_trans; t++)
        {
          if (!fire_into (rf_net_get_transition (net, t), cur, next, n))
            continue;
          if (!within_bound (next, n, bound))
            {
              r->cut = TRUE;
              continue;
            }
          gint id = visit (&s, next, head, t, max_states);
          if (id == VISIT_SEEN)
            continue;
          if (id == VISIT_FULL)
            {
              r->cut = TRUE;
              continue;
            }
          hit = first_covered (next, targets);
          if (hit >= 0)
            {
              r->verdict = ORACLE_COVERED;
              r->target = hit;
              r->steps = path_to (&s, id);
              break;
            }
        }
    }
  if (r->verdict == ORACLE_NOT_COVERED && r->cut)
    r->verdict = ORACLE_INCONCLUSIVE;
  r->n_states = s.vecs->len;

  g_hash_table_unref (s.seen);
  g_ptr_array_unref (s.vecs);
  g_array_unref (s.parent);
  g_array_unref (s.via);
  return r;
}

void
oracle_result_free (OracleResult *r)
{
  if (r == NULL)
    return;
  if (r->steps)
    g_array_unref (r->steps);
  g_free (r);
}

const char *
oracle_verdict_to_string (OracleVerdict v)
{
  switch (v)
    {
    case ORACLE_NOT_COVERED: return "not-covered";
    case ORACLE_COVERED: return "covered";
    case ORACLE_INCONCLUSIVE: return "inconclusive";
    }
  return "?";
}
