/* rf-slice: the slice of a net for one data variable (the rules are in rf-slice.h).
 *
 * Three passes over the control structure of the net, each a worklist fixpoint in id
 * order: the backward closure of the access places (rule 2), the locks each control
 * place may hold (a forward may-analysis from the job entries: an acquire adds its
 * lock, a release removes it, a join takes the union), and the forward walk through
 * the critical sections after the kept part (rule 3). */
#include "rf-slice.h"

/* Invariant: when pair[b] = e >= 0 then pair[e] = b, b begins and e ends an access
 * of another variable through a place mid = pc_to(b) = pc_from(e); while shortcut[b]
 * is TRUE, e and mid are not kept and b is drawn to pc_to(e). */
struct _RfNetSlice {
  guint n_places;
  guint n_transitions;
  gboolean *places;        /* n_places kept flags */
  gboolean *transitions;   /* n_transitions kept flags */
  gint *pair;              /* n_transitions: the other half of an access pair, or -1 */
  gboolean *shortcut;      /* n_transitions: b drawn as the whole access */
  const RfNet *net;        /* borrowed, for the pairs' places */
};

static RfNetSlice *
slice_alloc (const RfNet *net)
{
  RfNetSlice *s = g_new0 (RfNetSlice, 1);
  s->n_places = rf_net_n_places (net);
  s->n_transitions = rf_net_n_transitions (net);
  s->places = g_new0 (gboolean, MAX (s->n_places, 1));
  s->transitions = g_new0 (gboolean, MAX (s->n_transitions, 1));
  s->pair = g_new (gint, MAX (s->n_transitions, 1));
  s->shortcut = g_new0 (gboolean, MAX (s->n_transitions, 1));
  for (guint t = 0; t < s->n_transitions; t++)
    s->pair[t] = -1;
  s->net = net;
  return s;
}

RfNetSlice *
rf_net_slice_new_empty (const RfNet *net)
{
  g_return_val_if_fail (net != NULL, NULL);
  return slice_alloc (net);
}

void
rf_net_slice_free (RfNetSlice *slice)
{
  if (!slice)
    return;
  g_free (slice->places);
  g_free (slice->transitions);
  g_free (slice->pair);
  g_free (slice->shortcut);
  g_free (slice);
}

gboolean
rf_net_slice_has_place (const RfNetSlice *slice, guint place)
{
  return place < slice->n_places && slice->places[place];
}

gboolean
rf_net_slice_has_transition (const RfNetSlice *slice, guint transition)
{
  return transition < slice->n_transitions && slice->transitions[transition];
}

void
rf_net_slice_add_place (RfNetSlice *slice, guint place)
{
  g_return_if_fail (place < slice->n_places);
  slice->places[place] = TRUE;
}

static gboolean
is_sync_place (const RfNet *net, guint p)
{
  RfPlaceKind k = rf_net_get_place (net, p)->kind;
  return k == RF_PLACE_LOCK || k == RF_PLACE_RWLOCK || k == RF_PLACE_SIGNAL || k == RF_PLACE_VALUE;
}

/* Keeps T, its control places and the lock/signal places it touches (takes from,
 * puts on or empties); the spawned entry only when SPAWN_TOO. */
static void
keep_transition (RfNetSlice *s, const RfNet *net, guint ti, gboolean spawn_too)
{
  const RfTransition *t = rf_net_get_transition (net, ti);
  s->transitions[ti] = TRUE;
  if (t->pc_from >= 0)
    s->places[t->pc_from] = TRUE;
  if (t->pc_to >= 0)
    s->places[t->pc_to] = TRUE;
  if (t->spawn >= 0 && spawn_too)
    s->places[t->spawn] = TRUE;
  for (guint i = 0; i < t->n_pre; i++)
    if (is_sync_place (net, t->pre[i].place))
      s->places[t->pre[i].place] = TRUE;
  for (guint i = 0; i < t->n_post; i++)
    if (is_sync_place (net, t->post[i].place))
      s->places[t->post[i].place] = TRUE;
  for (guint i = 0; i < t->n_resets; i++)
    if (is_sync_place (net, t->resets[i]))
      s->places[t->resets[i]] = TRUE;
}

/* The invariant of RfNetSlice: a kept transition's pc_from and its pc_to (its shortcut
 * target when it has one) are kept; a shortcut's end transition and middle place are
 * not. */
static gboolean
slice_is_valid (const RfNetSlice *s)
{
  for (guint ti = 0; ti < s->n_transitions; ti++)
    {
      if (!s->transitions[ti])
        continue;
      const RfTransition *t = rf_net_get_transition (s->net, ti);
      if (t->pc_from >= 0 && !s->places[t->pc_from])
        return FALSE;
      if (s->shortcut[ti])
        {
          const RfTransition *e = rf_net_get_transition (s->net, s->pair[ti]);
          if (s->transitions[s->pair[ti]] || s->places[t->pc_to] || !s->places[e->pc_to])
            return FALSE;
        }
      else if (t->pc_to >= 0 && !s->places[t->pc_to])
        return FALSE;
    }
  return TRUE;
}

gint
rf_net_slice_get_shortcut (const RfNetSlice *slice, guint t)
{
  if (t >= slice->n_transitions || !slice->shortcut[t])
    return -1;
  return rf_net_get_transition (slice->net, slice->pair[t])->pc_to;
}

/* Draws the access pair of B as its two transitions again. */
static void
expand_shortcut (RfNetSlice *s, const RfNet *net, guint b)
{
  s->shortcut[b] = FALSE;
  keep_transition (s, net, s->pair[b], FALSE);
}

void
rf_net_slice_add_transition (RfNetSlice *slice, const RfNet *net, guint t)
{
  g_return_if_fail (t < slice->n_transitions && net == slice->net);
  gint b = slice->shortcut[t] ? (gint) t : slice->pair[t] >= 0 && slice->shortcut[slice->pair[t]] ? slice->pair[t] : -1;
  if (b >= 0)
    expand_shortcut (slice, net, b);
  keep_transition (slice, net, t, TRUE);
  g_assert (slice_is_valid (slice));
}

/* TRUE when T takes or puts a token on place A or B, or empties one. */
static gboolean
touches (const RfTransition *t, gint a, gint b)
{
  for (guint i = 0; i < t->n_pre; i++)
    if ((gint) t->pre[i].place == a || (gint) t->pre[i].place == b)
      return TRUE;
  for (guint i = 0; i < t->n_post; i++)
    if ((gint) t->post[i].place == a || (gint) t->post[i].place == b)
      return TRUE;
  for (guint i = 0; i < t->n_resets; i++)
    if ((gint) t->resets[i] == a || (gint) t->resets[i] == b)
      return TRUE;
  return FALSE;
}

/* Per place, the transitions whose pc_to or spawn is that place (into) and those
 * whose pc_from is that place (out of); guint transition ids in id order. */
typedef struct {
  GArray **into;
  GArray **out_of;
  guint n;
} Adjacency;

static void
adjacency_init (Adjacency *adj, const RfNet *net)
{
  adj->n = rf_net_n_places (net);
  adj->into = g_new0 (GArray *, MAX (adj->n, 1));
  adj->out_of = g_new0 (GArray *, MAX (adj->n, 1));
  for (guint p = 0; p < adj->n; p++)
    {
      adj->into[p] = g_array_new (FALSE, FALSE, sizeof (guint));
      adj->out_of[p] = g_array_new (FALSE, FALSE, sizeof (guint));
    }
  for (guint ti = 0; ti < rf_net_n_transitions (net); ti++)
    {
      const RfTransition *t = rf_net_get_transition (net, ti);
      if (t->pc_from < 0)
        continue;
      g_array_append_val (adj->out_of[t->pc_from], ti);
      if (t->pc_to >= 0)
        g_array_append_val (adj->into[t->pc_to], ti);
      if (t->spawn >= 0 && t->spawn != t->pc_to)
        g_array_append_val (adj->into[t->spawn], ti);
    }
}

static void
adjacency_clear (Adjacency *adj)
{
  for (guint p = 0; p < adj->n; p++)
    {
      g_array_unref (adj->into[p]);
      g_array_unref (adj->out_of[p]);
    }
  g_free (adj->into);
  g_free (adj->out_of);
}

/* Rule 2: reaches[p] for every control place a thread can get to (REACHED) from which
 * it reaches an access of the variable by its own moves or through a thread it
 * creates. Pre: reaches[] is all FALSE, ACCESS flags the access transitions. Post:
 * reaches is closed under "t leaves a reached p and reaches its pc_to or spawned
 * entry => reaches[p]". */
static void
backward_closure (const RfNet *net, const Adjacency *adj, const gboolean *access, const gboolean *reached,
                  gboolean *reaches)
{
  g_autoptr (GArray) stack = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint ti = 0; ti < rf_net_n_transitions (net); ti++)
    {
      const RfTransition *t = rf_net_get_transition (net, ti);
      if (access[ti] && t->pc_from >= 0 && reached[t->pc_from] && !reaches[t->pc_from])
        {
          guint p = t->pc_from;
          reaches[p] = TRUE;
          g_array_append_val (stack, p);
        }
    }
  while (stack->len > 0)
    {
      guint p = g_array_index (stack, guint, stack->len - 1);
      g_array_set_size (stack, stack->len - 1);
      for (guint k = 0; k < adj->into[p]->len; k++)
        {
          const RfTransition *t = rf_net_get_transition (net, g_array_index (adj->into[p], guint, k));
          guint q = t->pc_from;
          if (reached[q] && !reaches[q])
            {
              reaches[q] = TRUE;
              g_array_append_val (stack, q);
            }
        }
    }
}

/* The locks a thread may hold on each control place: held[p * n_locks + k] for the
 * k-th lock place (LOCKS, place ids), and REACHED[p] (n_places, all FALSE on entry)
 * for the places a thread can get to from a job entry. Post: reached and
 * held(entry) = {} for every job, and for every move t from a reached place, pc_to is
 * reached and held(pc_to) includes held(pc_from) + (locks t takes) - (locks t puts
 * back); a move that takes a lock and puts it back (an rwlock's rdlock) holds nothing.
 * Returns the table (owned). */
static gboolean *
may_hold (const RfNet *net, GArray *locks, gboolean *reached)
{
  guint np = rf_net_n_places (net), nl = locks->len;
  gboolean *held = g_new0 (gboolean, MAX (np * nl, 1));
  g_autofree gint *lock_index = g_new (gint, MAX (np, 1));
  g_autofree gboolean *out = g_new0 (gboolean, MAX (nl, 1));
  for (guint p = 0; p < np; p++)
    lock_index[p] = -1;
  for (guint k = 0; k < nl; k++)
    lock_index[g_array_index (locks, guint, k)] = k;
  for (guint j = 0; j < rf_net_n_jobs (net); j++)
    {
      gint e = rf_net_get_job (net, j)->entry;
      if (e >= 0)
        reached[e] = TRUE;
    }
  gboolean changed = TRUE;
  while (changed)
    {
      changed = FALSE;
      for (guint ti = 0; ti < rf_net_n_transitions (net); ti++)
        {
          const RfTransition *t = rf_net_get_transition (net, ti);
          if (t->pc_from < 0 || t->pc_to < 0 || !reached[t->pc_from])
            continue;
          for (guint k = 0; k < nl; k++)
            out[k] = held[t->pc_from * nl + k];
          for (guint i = 0; i < t->n_pre; i++)
            if (lock_index[t->pre[i].place] >= 0)
              out[lock_index[t->pre[i].place]] = TRUE;
          for (guint i = 0; i < t->n_post; i++)
            if (lock_index[t->post[i].place] >= 0)
              out[lock_index[t->post[i].place]] = FALSE;
          if (!reached[t->pc_to])
            {
              reached[t->pc_to] = TRUE;
              changed = TRUE;
            }
          for (guint k = 0; k < nl; k++)
            if (out[k] && !held[t->pc_to * nl + k])
              {
                held[t->pc_to * nl + k] = TRUE;
                changed = TRUE;
              }
        }
    }
  return held;
}

/* Rule 3: from the places where kept transitions end outside the backward closure,
 * keeps the moves of threads that may hold one of the locks in RELEVANT (flags per
 * lock index), transitively, up to the move that releases it. */
static void
keep_critical_sections (RfNetSlice *s, const RfNet *net, const Adjacency *adj,
                        const gboolean *reaches, const gboolean *held, guint nl, const gboolean *relevant)
{
  g_autofree gboolean *visited = g_new0 (gboolean, MAX (s->n_places, 1));
  g_autoptr (GArray) stack = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint ti = 0; ti < s->n_transitions; ti++)
    {
      const RfTransition *t = rf_net_get_transition (net, ti);
      if (s->transitions[ti] && t->pc_to >= 0 && !reaches[t->pc_to] && !visited[t->pc_to])
        {
          guint p = t->pc_to;
          visited[p] = TRUE;
          g_array_append_val (stack, p);
        }
    }
  while (stack->len > 0)
    {
      guint p = g_array_index (stack, guint, stack->len - 1);
      g_array_set_size (stack, stack->len - 1);
      gboolean holds = FALSE;
      for (guint k = 0; k < nl && !holds; k++)
        holds = relevant[k] && held[p * nl + k];
      if (!holds)
        continue;
      for (guint k = 0; k < adj->out_of[p]->len; k++)
        {
          guint ti = g_array_index (adj->out_of[p], guint, k);
          const RfTransition *t = rf_net_get_transition (net, ti);
          keep_transition (s, net, ti, FALSE);
          if (t->pc_to >= 0 && !reaches[t->pc_to] && !visited[t->pc_to])
            {
              guint q = t->pc_to;
              visited[q] = TRUE;
              g_array_append_val (stack, q);
            }
        }
    }
}

/* The Read/Write place of another variable than the one at RP/WP that T puts a token
 * on (POST) or takes one from, or -1. */
static gint
other_access_place (const RfNet *net, const RfToken *v, guint n, gint rp, gint wp)
{
  for (guint i = 0; i < n; i++)
    {
      const RfPlace *p = rf_net_get_place (net, v[i].place);
      if ((p->kind == RF_PLACE_READ || p->kind == RF_PLACE_WRITE) && (gint) p->id != rp && (gint) p->id != wp)
        return p->id;
    }
  return -1;
}

/* Rule 5: a kept access of another variable, b: pc_i -> mid + Acc and
 * e: mid + Acc -> pc_j with b the only move into mid and e the only one out of it, is
 * drawn as one step b: pc_i -> pc_j; e and mid are dropped, pc_j is kept. */
static void
shortcut_other_accesses (RfNetSlice *s, const RfNet *net, const Adjacency *adj, gint rp, gint wp)
{
  for (guint bi = 0; bi < s->n_transitions; bi++)
    {
      const RfTransition *b = rf_net_get_transition (net, bi);
      if (!s->transitions[bi] || b->pc_to < 0 || b->spawn >= 0)
        continue;
      gint acc = other_access_place (net, b->post, b->n_post, rp, wp);
      guint mid = b->pc_to;
      if (acc < 0 || adj->into[mid]->len != 1 || adj->out_of[mid]->len != 1)
        continue;
      guint ei = g_array_index (adj->out_of[mid], guint, 0);
      const RfTransition *e = rf_net_get_transition (net, ei);
      if (ei == bi || e->pc_to < 0 || e->pc_to == (gint) mid
          || other_access_place (net, e->pre, e->n_pre, rp, wp) != acc)
        continue;
      s->pair[bi] = ei;
      s->pair[ei] = bi;
      s->shortcut[bi] = TRUE;
      s->transitions[ei] = FALSE;
      s->places[mid] = FALSE;
      s->places[e->pc_to] = TRUE;
    }
}

RfNetSlice *
rf_net_slice_new (const RfNet *net, guint var)
{
  gint rp = rf_net_find_var_place (net, RF_PLACE_READ, var);
  gint wp = rf_net_find_var_place (net, RF_PLACE_WRITE, var);
  g_return_val_if_fail (rp >= 0 || wp >= 0, NULL);
  RfNetSlice *s = slice_alloc (net);
  guint np = s->n_places, nt = s->n_transitions;

  /* The places threads can get to, and the locks they may hold there. */
  g_autoptr (GArray) locks = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint p = 0; p < np; p++)
    {
      RfPlaceKind k = rf_net_get_place (net, p)->kind;
      if (k == RF_PLACE_LOCK || k == RF_PLACE_RWLOCK)
        g_array_append_val (locks, p);
    }
  guint nl = locks->len;
  g_autofree gboolean *reached = g_new0 (gboolean, MAX (np, 1));
  g_autofree gboolean *held = may_hold (net, locks, reached);

  /* Rule 1: the accesses a thread can make (or, outside programs, any). */
  g_autofree gboolean *access = g_new0 (gboolean, MAX (nt, 1));
  for (guint ti = 0; ti < nt; ti++)
    {
      const RfTransition *t = rf_net_get_transition (net, ti);
      access[ti] = touches (t, rp, wp) && (t->pc_from < 0 || reached[t->pc_from]);
    }

  /* Rule 2. */
  Adjacency adj;
  adjacency_init (&adj, net);
  g_autofree gboolean *reaches = g_new0 (gboolean, MAX (np, 1));
  backward_closure (net, &adj, access, reached, reaches);
  for (guint ti = 0; ti < nt; ti++)
    {
      const RfTransition *t = rf_net_get_transition (net, ti);
      if (access[ti] || (t->pc_from >= 0 && reaches[t->pc_from]))
        keep_transition (s, net, ti, t->spawn >= 0 && reaches[t->spawn]);
    }

  /* Rule 3, for the locks that may be held at some access. */
  g_autofree gboolean *relevant = g_new0 (gboolean, MAX (nl, 1));
  for (guint ti = 0; ti < nt; ti++)
    {
      const RfTransition *t = rf_net_get_transition (net, ti);
      if (access[ti] && t->pc_from >= 0)
        for (guint k = 0; k < nl; k++)
          relevant[k] |= held[t->pc_from * nl + k];
    }
  keep_critical_sections (s, net, &adj, reaches, held, nl, relevant);

  /* Rule 4: the variable's own access places (both when no access is kept). */
  gboolean any = FALSE;
  for (guint ti = 0; ti < nt && !any; ti++)
    any = access[ti];
  for (guint ti = 0; ti < nt; ti++)
    if (s->transitions[ti])
      {
        const RfTransition *t = rf_net_get_transition (net, ti);
        for (guint i = 0; i < t->n_pre; i++)
          if ((gint) t->pre[i].place == rp || (gint) t->pre[i].place == wp)
            s->places[t->pre[i].place] = TRUE;
        for (guint i = 0; i < t->n_post; i++)
          if ((gint) t->post[i].place == rp || (gint) t->post[i].place == wp)
            s->places[t->post[i].place] = TRUE;
      }
  if (!any && rp >= 0)
    s->places[rp] = TRUE;
  if (!any && wp >= 0)
    s->places[wp] = TRUE;

  shortcut_other_accesses (s, net, &adj, rp, wp);
  adjacency_clear (&adj);
  g_assert (slice_is_valid (s));
  return s;
}
