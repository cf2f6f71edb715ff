/* rf-forward: bounded, resumable breadth-first forward search (see rf-forward.h).
 *
 * States are sparse markings, hash-consed in a table; each remembers its parent and
 * the transition that reached it, so the first state covering a target yields a
 * shortest firing sequence. A transition can fire only if every input place is in
 * the support, so candidates come from an index of consumers per place, plus the
 * transitions with no input at all. Firing takes the inputs, empties the places the
 * transition resets, then puts the outputs (rf-net.h). */
#include "rf-forward.h"

/* RfForward: BFS state. Invariant: states[i] was reached from states[parent[i]] by
 * transition via[i] (parent -1 for the initial state); seen maps each stored marking
 * to its index + 1; states[next..] are the unexpanded queue. */
struct _RfForward {
  const RfNet *net;
  GPtrArray *targets;     /* RfMarking*, borrowed */
  GPtrArray *states;      /* RfMarking*, owned */
  GArray *parent;         /* gint per state */
  GArray *via;            /* guint per state */
  GHashTable *seen;       /* RfMarking* (borrowed from states) -> index + 1 */
  guint next;             /* first unexpanded state */
  guint64 max_states;
  guint64 bytes;          /* estimate of what states take (rf_forward_n_bytes) */
  gboolean exact;         /* no omega place */
  RfForwardState state;
  gint found;             /* state index covering targets[found_target] */
  guint found_target;
  GPtrArray *consumers;   /* per place: GArray of guint transitions with it in pre */
  GArray *sources;        /* guint transitions with an empty pre */
  RfForwardProbe probe;   /* may be NULL */
  gpointer probe_data;
  RfForwardSettle settle; /* may be NULL */
  gpointer settle_data;
};

static guint
hash_marking (gconstpointer p)
{
  return rf_marking_hash (p);
}

static gboolean
equal_marking (gconstpointer a, gconstpointer b)
{
  return rf_marking_equal (a, b);
}

/* The index of the first target M covers, or -1. */
static gint
covered_target (RfForward *fw, const RfMarking *m)
{
  for (guint i = 0; i < fw->targets->len; i++)
    if (rf_marking_leq (g_ptr_array_index (fw->targets, i), m))
      return i;
  return -1;
}

/* Stores M (taking it) unless seen; notes a covered target. */
static void
add_state (RfForward *fw, RfMarking *m, gint parent, guint via)
{
  if (g_hash_table_contains (fw->seen, m))
    {
      rf_marking_unref (m);
      return;
    }
  guint idx = fw->states->len;
  /* the marking (with malloc's overhead), a slot in states, parent and via, and about
   * two slots of the hash table (keys, values, hashes; load below 1/2) */
  fw->bytes += sizeof (RfMarking) + m->n * sizeof (RfToken) + 16 + sizeof (gpointer) + sizeof (gint)
               + sizeof (guint) + 2 * (2 * sizeof (gpointer) + sizeof (guint));
  g_ptr_array_add (fw->states, m);
  g_array_append_val (fw->parent, parent);
  g_array_append_val (fw->via, via);
  g_hash_table_insert (fw->seen, m, GUINT_TO_POINTER (idx + 1));
  if (fw->state != RF_FORWARD_RUNNING)
    return;
  gint t = covered_target (fw, m);
  if (t >= 0 || (fw->probe && fw->probe (m, fw->probe_data)))
    {
      fw->state = RF_FORWARD_FOUND;
      fw->found = idx;
      fw->found_target = t >= 0 ? (guint) t : RF_FORWARD_PROBED;
    }
}

void
rf_forward_set_probe (RfForward *fw, RfForwardProbe probe, gpointer data)
{
  fw->probe = probe;
  fw->probe_data = data;
}

void
rf_forward_set_settle (RfForward *fw, RfForwardSettle settle, gpointer data)
{
  fw->settle = settle;
  fw->settle_data = data;
}

RfForward *
rf_forward_new (const RfNet *net, GPtrArray *targets, guint32 omega_tokens, guint64 max_states)
{
  RfForward *fw = g_new0 (RfForward, 1);
  fw->net = net;
  fw->targets = targets;
  fw->states = g_ptr_array_new_with_free_func ((GDestroyNotify) rf_marking_unref);
  fw->parent = g_array_new (FALSE, FALSE, sizeof (gint));
  fw->via = g_array_new (FALSE, FALSE, sizeof (guint));
  fw->seen = g_hash_table_new (hash_marking, equal_marking);
  fw->max_states = max_states;
  fw->state = RF_FORWARD_RUNNING;
  fw->found = -1;

  guint np = rf_net_n_places (net), nt = rf_net_n_transitions (net);
  fw->consumers = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  for (guint p = 0; p < np; p++)
    g_ptr_array_add (fw->consumers, g_array_new (FALSE, FALSE, sizeof (guint)));
  fw->sources = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint ti = 0; ti < nt; ti++)
    {
      const RfTransition *t = rf_net_get_transition (net, ti);
      if (t->n_pre == 0)
        g_array_append_val (fw->sources, ti);
      else
        g_array_append_val (g_ptr_array_index (fw->consumers, t->pre[0].place), ti);
    }

  const guint32 *init = rf_net_peek_initial (net);
  const gboolean *omega = rf_net_peek_omega (net);
  g_autoptr (GArray) tokens = g_array_new (FALSE, FALSE, sizeof (RfToken));
  fw->exact = TRUE;
  for (guint p = 0; p < np; p++)
    {
      RfToken tok = { p, omega[p] ? MAX (omega_tokens, init[p]) : init[p] };
      fw->exact &= !omega[p];
      if (tok.count > 0)
        g_array_append_val (tokens, tok);
    }
  add_state (fw, rf_marking_new ((RfToken *) tokens->data, tokens->len), -1, 0);
  return fw;
}

void
rf_forward_free (RfForward *fw)
{
  if (!fw)
    return;
  g_hash_table_unref (fw->seen);
  g_ptr_array_unref (fw->states);
  g_array_unref (fw->parent);
  g_array_unref (fw->via);
  g_ptr_array_unref (fw->consumers);
  g_array_unref (fw->sources);
  g_free (fw);
}

/* reset_R(M - pre) + post when M >= pre (R: the places T resets), else NULL. */
static RfMarking *
fire (const RfMarking *m, const RfTransition *t)
{
  for (guint i = 0; i < t->n_pre; i++)
    if (rf_marking_get (m, t->pre[i].place) < t->pre[i].count)
      return NULL;
  g_autoptr (GArray) tokens = g_array_sized_new (FALSE, FALSE, sizeof (RfToken), m->n + t->n_post);
  guint a = 0, r = 0;
  for (guint i = 0; i < m->n; i++)
    {
      RfToken tok = m->e[i];
      while (a < t->n_pre && t->pre[a].place < tok.place)
        a++;
      if (a < t->n_pre && t->pre[a].place == tok.place)
        tok.count -= t->pre[a].count;
      while (r < t->n_resets && t->resets[r] < tok.place)
        r++;
      if (r < t->n_resets && t->resets[r] == tok.place)
        tok.count = 0;
      if (tok.count > 0)
        g_array_append_val (tokens, tok);
    }
  g_array_append_vals (tokens, t->post, t->n_post);
  return rf_marking_new ((RfToken *) tokens->data, tokens->len);
}

static gint
compare_ids (gconstpointer a, gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;
  return (x > y) - (x < y);
}

/* Expands state IDX: the candidates are the consumers of its support (indexed by
 * their first input place, so each is listed once) and the source transitions. */
static void
expand (RfForward *fw, guint idx, guint64 *spent)
{
  const RfMarking *m = g_ptr_array_index (fw->states, idx);
  GArray *cands = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < m->n; i++)
    {
      GArray *c = g_ptr_array_index (fw->consumers, m->e[i].place);
      g_array_append_vals (cands, c->data, c->len);
    }
  g_array_append_vals (cands, fw->sources->data, fw->sources->len);
  /* Fire in transition id order, for a deterministic search. */
  g_array_sort (cands, compare_ids);
  for (guint k = 0; k < cands->len; k++)
    {
      guint ti = g_array_index (cands, guint, k);
      (*spent)++;
      RfMarking *succ = fire (m, rf_net_get_transition (fw->net, ti));
      if (succ && fw->settle)
        succ = fw->settle (succ, ti, fw->settle_data);
      if (succ)
        add_state (fw, succ, idx, ti);
    }
  g_array_unref (cands);
}

RfForwardState
rf_forward_step (RfForward *fw, guint64 quota)
{
  guint64 spent = 0;
  while (fw->state == RF_FORWARD_RUNNING && spent < quota)
    {
      if (fw->next >= fw->states->len)
        {
          fw->state = RF_FORWARD_EXHAUSTED;
          break;
        }
      if (fw->max_states && fw->states->len >= fw->max_states)
        {
          fw->state = RF_FORWARD_GAVE_UP;
          break;
        }
      expand (fw, fw->next++, &spent);
    }
  return fw->state;
}

RfWitness *
rf_forward_witness (RfForward *fw)
{
  g_return_val_if_fail (fw->state == RF_FORWARD_FOUND, NULL);
  RfWitness *w = g_new0 (RfWitness, 1);
  w->steps = g_array_new (FALSE, FALSE, sizeof (guint));
  gint i = fw->found;
  w->final = rf_marking_ref (g_ptr_array_index (fw->states, i));
  for (; g_array_index (fw->parent, gint, i) >= 0; i = g_array_index (fw->parent, gint, i))
    g_array_prepend_val (w->steps, g_array_index (fw->via, guint, i));
  w->initial = rf_marking_ref (g_ptr_array_index (fw->states, 0));
  w->target = fw->found_target;
  if (fw->settle)
    {
      /* the net's own final marking: the steps fired without settling */
      RfMarking *m = rf_marking_ref (w->initial);
      for (guint k = 0; k < w->steps->len; k++)
        {
          RfMarking *next = fire (m, rf_net_get_transition (fw->net, g_array_index (w->steps, guint, k)));
          g_assert (next != NULL);   /* settling only lowers counts */
          rf_marking_unref (m);
          m = next;
        }
      rf_marking_unref (w->final);
      w->final = m;
    }
  return w;
}

gboolean
rf_forward_is_exact (const RfForward *fw)
{
  return fw->exact;
}

guint64
rf_forward_n_states (const RfForward *fw)
{
  return fw->states->len;
}

guint64
rf_forward_n_bytes (const RfForward *fw)
{
  return fw->bytes;
}
