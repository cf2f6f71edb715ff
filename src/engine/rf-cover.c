/* rf-cover: symbolic backward reachability over minimal markings (Figure 4 of
 * Abdulla, Haziza, Kindahl, "Model Checking Race-Freeness").
 *
 * The upward-closed set of markings from which a target can be covered is represented
 * by its finite basis of minimal markings. Each round takes the markings added in the
 * previous round (the frontier), computes their minimal predecessors through every
 * transition that produces a token they need, and adds each predecessor unless a basis
 * marking is below it; basis markings above it are dropped. Dickson's lemma bounds the
 * number of additions, so the loop ends. Each basis node remembers the node it was
 * computed from and the transition, which yields the witness when a node lies below
 * the initial marking. */
#include "rf-cover.h"
#include "rf-forward.h"

/* Node: one marking of the backward search. parent is the marking this one is a
 * predecessor of (NULL for a target), through transition `via`; target is the index
 * of the target at the root. Reference counted: the basis, the frontier and children
 * each hold a reference, so a witness chain stays alive while its leaf does. */
typedef struct Node Node;
struct Node {
  gint ref;
  gboolean dead;   /* dropped from the basis (subsumed by a smaller marking) */
  RfMarking *m;    /* owned */
  Node *parent;    /* owned reference, or NULL */
  guint via;
  guint target;
};

static Node *
node_new (RfMarking *m, Node *parent, guint via, guint target)
{
  Node *n = g_new0 (Node, 1);
  n->ref = 1;
  n->m = m;
  n->parent = parent;
  if (parent)
    parent->ref++;
  n->via = via;
  n->target = target;
  return n;
}

static void
node_unref (gpointer p)
{
  Node *n = p;
  while (n && --n->ref == 0)
    {
      Node *parent = n->parent;
      rf_marking_unref (n->m);
      g_free (n);
      n = parent;
    }
}

static Node *
node_ref (Node *n)
{
  n->ref++;
  return n;
}

/* BasisKey: the subsumption filter of one basis marking (its sig and norm). */
typedef struct {
  guint64 sig;
  guint64 norm;
} BasisKey;

/* Search: the state of one run. Invariant: basis holds the live nodes, pairwise
 * incomparable; every node ever added to the basis is counted in stats.conf. */
typedef struct {
  const RfNet *net;
  const guint32 *init;
  const gboolean *omega;
  GPtrArray *basis;        /* Node*, owned references */
  GArray *keys;            /* BasisKey, parallel to basis: keys[i] filters basis[i] */
  GPtrArray *invariants;   /* RfInvariant*, owned: the net's checked P-invariants */
  GPtrArray *inv_by_place; /* per place: NULL or GArray of RfToken {invariant, weight} */
  guint64 *inv_sum;        /* scratch per invariant, all zero between checks */
  GArray *inv_touched;     /* scratch: invariants with a non-zero inv_sum */
  RfCoverStats stats;
  RfCoverBudget budget;
  gboolean *markable;      /* per place: some reachable marking may mark it */
  GPtrArray *producers;    /* per place: GArray of guint transition ids whose post
                              has the place, in id order (owned) */
  guint *stamp;            /* per transition: last node serial it was tried for */
  guint serial;
  GArray *candidates;      /* scratch: transition ids to try for the current node */
  GPtrArray *free_producers;  /* per invariant: per place GArray of transitions (or NULL
                                 when not indexed); see collect_candidates */
  gint64 start_us;
  gint64 progress_us;      /* time of the last progress call, or start_us */
  guint64 work;            /* predecessor computations, for budget checks */
} Search;

/* TRUE when M's weighted sum exceeds the total of some P-invariant of the net: no
 * reachable marking covers M. */
static gboolean
violates_invariant (Search *s, const RfMarking *m)
{
  if (s->invariants->len == 0)
    return FALSE;
  /* Sum per invariant over M's support only; inv_sum is all zero between calls. */
  gboolean over = FALSE;
  g_array_set_size (s->inv_touched, 0);
  for (guint i = 0; i < m->n; i++)
    {
      GArray *occ = g_ptr_array_index (s->inv_by_place, m->e[i].place);
      if (!occ)
        continue;
      for (guint k = 0; k < occ->len; k++)
        {
          const RfToken *o = &g_array_index (occ, RfToken, k);  /* place = invariant */
          if (s->inv_sum[o->place] == 0)
            g_array_append_val (s->inv_touched, o->place);
          s->inv_sum[o->place] += (guint64) m->e[i].count * o->count;
        }
    }
  for (guint k = 0; k < s->inv_touched->len; k++)
    {
      guint32 inv = g_array_index (s->inv_touched, guint32, k);
      const RfInvariant *iv = g_ptr_array_index (s->invariants, inv);
      over |= s->inv_sum[inv] > iv->total;
      s->inv_sum[inv] = 0;
    }
  return over;
}

static void
array_unref0 (gpointer a)
{
  if (a)
    g_array_unref (a);
}

/* Fills the per-place index of the invariants (inv_by_place). */
static void
index_invariants (Search *s)
{
  guint np = rf_net_n_places (s->net);
  s->inv_by_place = g_ptr_array_new_full (np, array_unref0);
  g_ptr_array_set_size (s->inv_by_place, np);
  for (guint k = 0; k < s->invariants->len; k++)
    {
      const RfMarking *w = ((RfInvariant *) g_ptr_array_index (s->invariants, k))->weights;
      for (guint i = 0; i < w->n; i++)
        {
          GArray **occ = (GArray **) &g_ptr_array_index (s->inv_by_place, w->e[i].place);
          if (!*occ)
            *occ = g_array_new (FALSE, FALSE, sizeof (RfToken));
          RfToken o = { k, w->e[i].count };
          g_array_append_val (*occ, o);
        }
    }
  s->inv_sum = g_new0 (guint64, s->invariants->len);
  s->inv_touched = g_array_new (FALSE, FALSE, sizeof (guint32));
}

static int
guint_cmp (gconstpointer a, gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;
  return (x > y) - (x < y);
}

static gboolean transition_live (Search *s, const RfTransition *t);

/* Forward pre-analysis: s->markable[p] is FALSE when no reachable marking puts a
 * token on p. Fixpoint from the initial support (omega places included): a
 * transition whose inputs can all be marked may fire, so its outputs can be marked.
 * A transition with an unmarkable input never fires, and a marking with a token on
 * an unmarkable place covers no reachable marking. */
static void
compute_markable (Search *s)
{
  guint np = rf_net_n_places (s->net), nt = rf_net_n_transitions (s->net);
  s->markable = g_new0 (gboolean, np);
  for (guint p = 0; p < np; p++)
    s->markable[p] = s->init[p] > 0 || s->omega[p];
  gboolean changed = TRUE;
  while (changed)
    {
      changed = FALSE;
      for (guint ti = 0; ti < nt; ti++)
        {
          const RfTransition *t = rf_net_get_transition (s->net, ti);
          if (!transition_live (s, t))
            continue;
          for (guint i = 0; i < t->n_post; i++)
            if (!s->markable[t->post[i].place])
              s->markable[t->post[i].place] = changed = TRUE;
        }
    }
}

static gboolean
transition_live (Search *s, const RfTransition *t)
{
  for (guint i = 0; i < t->n_pre; i++)
    if (!s->markable[t->pre[i].place])
      return FALSE;
  return TRUE;
}

static gboolean
marking_markable (Search *s, const RfMarking *m)
{
  for (guint i = 0; i < m->n; i++)
    if (!s->markable[m->e[i].place])
      return FALSE;
  return TRUE;
}

/* Fills s->producers: for each place, the live transitions whose post-set contains it
 * (a dead transition gives no predecessor worth having). */
static void
index_producers (Search *s)
{
  guint np = rf_net_n_places (s->net), nt = rf_net_n_transitions (s->net);
  s->producers = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  for (guint p = 0; p < np; p++)
    g_ptr_array_add (s->producers, g_array_new (FALSE, FALSE, sizeof (guint)));
  for (guint ti = 0; ti < nt; ti++)
    {
      const RfTransition *t = rf_net_get_transition (s->net, ti);
      if (!transition_live (s, t))
        continue;
      for (guint i = 0; i < t->n_post; i++)
        g_array_append_val (g_ptr_array_index (s->producers, t->post[i].place), ti);
    }
  s->stamp = g_new0 (guint, nt);
  s->serial = 0;
  s->candidates = g_array_new (FALSE, FALSE, sizeof (guint));
}

/* Adds the transitions of LIST not yet in s->candidates. */
static void
add_candidates (Search *s, GArray *list)
{
  if (!list)
    return;
  for (guint k = 0; k < list->len; k++)
    {
      guint ti = g_array_index (list, guint, k);
      if (s->stamp[ti] != s->serial)
        {
          s->stamp[ti] = s->serial;
          g_array_append_val (s->candidates, ti);
        }
    }
}

/* The first invariant M saturates (weighted sum == total), or -1. */
static gint
saturated_invariant (Search *s, const RfMarking *m)
{
  gint found = -1;
  g_array_set_size (s->inv_touched, 0);
  for (guint i = 0; i < m->n; i++)
    {
      GArray *occ = g_ptr_array_index (s->inv_by_place, m->e[i].place);
      for (guint k = 0; occ && k < occ->len; k++)
        {
          const RfToken *o = &g_array_index (occ, RfToken, k);
          if (s->inv_sum[o->place] == 0)
            g_array_append_val (s->inv_touched, o->place);
          s->inv_sum[o->place] += (guint64) m->e[i].count * o->count;
        }
    }
  for (guint k = 0; k < s->inv_touched->len; k++)
    {
      guint32 inv = g_array_index (s->inv_touched, guint32, k);
      const RfInvariant *iv = g_ptr_array_index (s->invariants, inv);
      if (s->inv_sum[inv] == iv->total && (found < 0 || (gint) inv < found))
        found = inv;
      s->inv_sum[inv] = 0;
    }
  return found;
}

/* s->candidates := the transitions whose predecessor of M may be new, sorted by id:
 * those producing into M's support. When M saturates an invariant I, a transition
 * whose input has I-weight but which produces onto none of M's I-places would give a
 * predecessor above I's total, so only producers of those places and transitions
 * with no I-weight in their input are tried (free_producers). */
static void
collect_candidates (Search *s, const RfMarking *m)
{
  s->serial++;
  g_array_set_size (s->candidates, 0);
  gint sat = s->free_producers ? saturated_invariant (s, m) : -1;
  if (sat >= 0)
    {
      GPtrArray *free_k = g_ptr_array_index (s->free_producers, sat);
      for (guint i = 0; i < m->n; i++)
        {
          guint32 p = m->e[i].place;
          GArray *occ = g_ptr_array_index (s->inv_by_place, p);
          gboolean in_inv = FALSE;
          for (guint k = 0; occ && k < occ->len; k++)
            in_inv |= g_array_index (occ, RfToken, k).place == (guint32) sat;
          add_candidates (s, in_inv ? g_ptr_array_index (s->producers, p) : g_ptr_array_index (free_k, p));
        }
    }
  else
    for (guint i = 0; i < m->n; i++)
      add_candidates (s, g_ptr_array_index (s->producers, m->e[i].place));
  g_array_sort (s->candidates, guint_cmp);
}

/* For each invariant k and place p: the producers of p whose input has no weight in
 * k. Skipped (NULL) when that would take too much memory. */
static void
index_free_producers (Search *s)
{
  guint np = rf_net_n_places (s->net), nt = rf_net_n_transitions (s->net);
  guint64 size = 0;
  for (guint ti = 0; ti < nt; ti++)
    size += rf_net_get_transition (s->net, ti)->n_post;
  if (s->invariants->len == 0 || size * s->invariants->len > 20000000)
    return;
  s->free_producers = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  for (guint k = 0; k < s->invariants->len; k++)
    {
      const RfMarking *w = ((RfInvariant *) g_ptr_array_index (s->invariants, k))->weights;
      GPtrArray *per_place = g_ptr_array_new_full (np, array_unref0);
      g_ptr_array_set_size (per_place, np);
      for (guint ti = 0; ti < nt; ti++)
        {
          const RfTransition *t = rf_net_get_transition (s->net, ti);
          gboolean weighted = FALSE;
          for (guint i = 0; i < t->n_pre && !weighted; i++)
            weighted = rf_marking_get (w, t->pre[i].place) > 0;
          if (weighted || !transition_live (s, t))
            continue;
          for (guint i = 0; i < t->n_post; i++)
            {
              GArray **l = (GArray **) &g_ptr_array_index (per_place, t->post[i].place);
              if (!*l)
                *l = g_array_new (FALSE, FALSE, sizeof (guint));
              g_array_append_val (*l, ti);
            }
        }
      g_ptr_array_add (s->free_producers, per_place);
    }
}

/* TRUE when some basis marking is below M. The scan reads the parallel key array
 * first, so most candidates are rejected without touching their marking. */
static gboolean
basis_covers (Search *s, const RfMarking *m)
{
  const BasisKey *key = (const BasisKey *) s->keys->data;
  for (guint i = 0; i < s->keys->len; i++)
    {
      if ((key[i].sig & ~m->sig) != 0 || key[i].norm > m->norm)
        continue;
      const Node *b = g_ptr_array_index (s->basis, i);
      if (rf_marking_leq (b->m, m))
        return TRUE;
    }
  return FALSE;
}

/* Adds N to the basis, dropping every basis marking above it. Takes N's reference. */
static void
basis_insert (Search *s, Node *n)
{
  BasisKey *key = (BasisKey *) s->keys->data;
  const RfMarking *m = n->m;
  guint k = 0;
  for (guint i = 0; i < s->keys->len; i++)
    {
      Node *b = g_ptr_array_index (s->basis, i);
      if ((m->sig & ~key[i].sig) == 0 && m->norm <= key[i].norm && rf_marking_leq (m, b->m))
        {
          b->dead = TRUE;
          s->stats.subsumed++;
          node_unref (b);
          continue;
        }
      key[k] = key[i];
      g_ptr_array_index (s->basis, k++) = b;
    }
  g_ptr_array_set_size (s->basis, k);
  g_array_set_size (s->keys, k);
  g_ptr_array_add (s->basis, n);
  BasisKey nk = { m->sig, m->norm };
  g_array_append_val (s->keys, nk);
  s->stats.conf++;
}

static gboolean
budget_exceeded (Search *s)
{
  if (s->budget.max_markings && s->basis->len > s->budget.max_markings)
    return TRUE;
  if (s->budget.timeout_s > 0)
    {
      gdouble el = (g_get_monotonic_time () - s->start_us) / 1e6;
      if (el > s->budget.timeout_s)
        return TRUE;
    }
  return FALSE;
}

/* Calls the budget's progress function when its interval has passed since the last
 * call (or since the start). FRONTIER: markings whose predecessors are still due. */
static void
report_progress (Search *s, guint64 frontier)
{
  if (!s->budget.progress)
    return;
  gint64 now = g_get_monotonic_time ();
  gdouble interval = s->budget.progress_interval_s > 0 ? s->budget.progress_interval_s
                                                       : RF_COVER_PROGRESS_INTERVAL;
  if (now - s->progress_us < interval * 1e6)
    return;
  s->progress_us = now;
  gdouble elapsed = (now - s->start_us) / 1e6;
  RfCoverProgress p = { s->budget.progress_label, s->basis->len, frontier, s->stats.conf,
                        s->stats.iterations, elapsed > 0 ? s->work / elapsed : 0, elapsed };
  s->budget.progress (&p, s->budget.progress_data);
}

/* The witness for node N, whose marking lies below the initial marking. */
static RfWitness *
witness_from (Search *s, const Node *n)
{
  guint np = rf_net_n_places (s->net);
  RfWitness *w = g_new0 (RfWitness, 1);
  GArray *init = g_array_new (FALSE, FALSE, sizeof (RfToken));
  for (guint p = 0; p < np; p++)
    {
      guint32 c = s->omega[p] ? MAX (rf_marking_get (n->m, p), s->init[p]) : s->init[p];
      RfToken t = { p, c };
      if (c > 0)
        g_array_append_val (init, t);
    }
  w->initial = rf_marking_new ((RfToken *) init->data, init->len);
  g_array_unref (init);
  w->steps = g_array_new (FALSE, FALSE, sizeof (guint));
  for (; n->parent; n = n->parent)
    g_array_append_val (w->steps, n->via);
  w->target = n->target;

  g_autofree guint32 *dense = g_new0 (guint32, np);
  for (guint i = 0; i < w->initial->n; i++)
    dense[w->initial->e[i].place] = w->initial->e[i].count;
  for (guint i = 0; i < w->steps->len; i++)
    {
      const RfTransition *t = rf_net_get_transition (s->net, g_array_index (w->steps, guint, i));
      gboolean ok = rf_marking_fire_dense (dense, t->pre, t->n_pre, t->post, t->n_post);
      g_assert (ok); /* by construction of predecessors */
    }
  GArray *fin = g_array_new (FALSE, FALSE, sizeof (RfToken));
  for (guint p = 0; p < np; p++)
    if (dense[p] > 0)
      {
        RfToken t = { p, dense[p] };
        g_array_append_val (fin, t);
      }
  w->final = rf_marking_new ((RfToken *) fin->data, fin->len);
  g_array_unref (fin);
  return w;
}

G_DEFINE_QUARK (rf-cover-error-quark, rf_cover_error)

/* Forward search: least firings per turn, and the cap on its stored markings. */
#define FORWARD_QUOTA 2000
#define FORWARD_MAX_STATES 200000
#define FORWARD_MAX_OMEGA 256

/* Tokens for each omega place in the forward search: enough for the largest target. */
static guint32
forward_omega_tokens (GPtrArray *targets)
{
  guint64 most = 2;
  for (guint i = 0; i < targets->len; i++)
    most = MAX (most, ((RfMarking *) g_ptr_array_index (targets, i))->norm);
  return (guint32) MIN (most, 64);
}

RfCoverResult *
rf_cover_run (const RfNet *net, GPtrArray *targets, const RfCoverBudget *budget)
{
  Search s = { 0 };
  s.net = net;
  s.init = rf_net_peek_initial (net);
  s.omega = rf_net_peek_omega (net);
  s.basis = g_ptr_array_new ();  /* no free func: basis_insert compacts it by hand */
  s.keys = g_array_new (FALSE, FALSE, sizeof (BasisKey));
  s.invariants = rf_net_check_invariants (net);
  index_invariants (&s);
  compute_markable (&s);
  if (budget)
    s.budget = *budget;
  s.start_us = g_get_monotonic_time ();
  s.progress_us = s.start_us;

  RfCoverResult *r = g_new0 (RfCoverResult, 1);
  r->verdict = RF_COVER_SAFE;
  g_autoptr (GPtrArray) frontier = g_ptr_array_new_with_free_func (node_unref);
  const Node *found = NULL;

  for (guint i = 0; i < targets->len && !found; i++)
    {
      RfMarking *m = g_ptr_array_index (targets, i);
      if (!marking_markable (&s, m))
        continue;  /* needs a token on a place nothing can mark */
      if (violates_invariant (&s, m))
        {
          s.stats.pruned++;
          continue;
        }
      if (basis_covers (&s, m))
        {
          s.stats.subsumed++;
          continue;
        }
      Node *n = node_new (rf_marking_ref (m), NULL, 0, i);
      basis_insert (&s, n);
      g_ptr_array_add (frontier, node_ref (n));
      if (rf_marking_leq_dense (m, s.init, s.omega))
        found = n;
    }

  guint nt = rf_net_n_transitions (net);
  index_producers (&s);
  index_free_producers (&s);
  /* The forward search shares the work: before each backward round it may fire as
   * many transitions as the backward search computed predecessors since its last
   * turn (at least FORWARD_QUOTA), so neither starves and counts stay deterministic. */
  guint32 omega_tokens = forward_omega_tokens (targets);
  g_autoptr (RfForward) fw = s.budget.backward_only ? NULL
    : rf_forward_new (net, targets, omega_tokens, FORWARD_MAX_STATES);
  guint64 work_seen = 0;
  RfWitness *fw_witness = NULL;
  while (!found && frontier->len > 0 && r->verdict != RF_COVER_UNKNOWN)
    {
      if (fw)
        {
          RfForwardState st = rf_forward_step (fw, MAX (FORWARD_QUOTA, s.work - work_seen));
          work_seen = s.work;
          if (st == RF_FORWARD_FOUND)
            {
              fw_witness = rf_forward_witness (fw);
              break;
            }
          if (st == RF_FORWARD_EXHAUSTED && rf_forward_is_exact (fw))
            {
              /* Every reachable marking was seen and none covers a target. */
              g_ptr_array_set_size (frontier, 0);
              break;
            }
          if (st != RF_FORWARD_RUNNING)
            {
              s.stats.forward_states += rf_forward_n_states (fw);
              g_clear_pointer (&fw, rf_forward_free);
              /* An instance with more tokens on the omega places may still reach a
               * target: try again with twice as many, up to FORWARD_MAX_OMEGA. */
              if (st == RF_FORWARD_EXHAUSTED && omega_tokens < FORWARD_MAX_OMEGA)
                {
                  omega_tokens *= 2;
                  fw = rf_forward_new (net, targets, omega_tokens, FORWARD_MAX_STATES);
                }
            }
        }
      s.stats.iterations++;
      report_progress (&s, frontier->len);
      g_autoptr (GPtrArray) next = g_ptr_array_new_with_free_func (node_unref);
      for (guint f = 0; f < frontier->len && !found; f++)
        {
          Node *cur = g_ptr_array_index (frontier, f);
          /* Only transitions that put a token on a place cur needs give a
           * predecessor not already above cur; try them in id order. */
          collect_candidates (&s, cur->m);
          for (guint ci = 0; ci < s.candidates->len && !cur->dead; ci++)
            {
              guint ti = g_array_index (s.candidates, guint, ci);
              const RfTransition *t = rf_net_get_transition (net, ti);
              if ((++s.work & 255) == 0)
                {
                  if (budget_exceeded (&s))
                    {
                      r->verdict = RF_COVER_UNKNOWN;
                      break;
                    }
                  report_progress (&s, frontier->len - f + next->len);
                }
              RfMarking *pm = rf_marking_pre (cur->m, t->pre, t->n_pre, t->post, t->n_post);
              if (violates_invariant (&s, pm))
                {
                  s.stats.pruned++;
                  rf_marking_unref (pm);
                  continue;
                }
              if (basis_covers (&s, pm))
                {
                  s.stats.subsumed++;
                  rf_marking_unref (pm);
                  continue;
                }
              Node *n = node_new (pm, cur, ti, cur->target);
              basis_insert (&s, n);
              if (rf_marking_leq_dense (pm, s.init, s.omega))
                {
                  found = n;
                  break;
                }
              g_ptr_array_add (next, node_ref (n));
              if (s.budget.max_markings && s.basis->len > s.budget.max_markings)
                {
                  r->verdict = RF_COVER_UNKNOWN;
                  break;
                }
            }
          if (r->verdict == RF_COVER_UNKNOWN)
            break;
        }
      g_ptr_array_unref (g_steal_pointer (&frontier));
      frontier = g_steal_pointer (&next);
    }

  if (fw)
    s.stats.forward_states += rf_forward_n_states (fw);
  if (found)
    {
      r->verdict = RF_COVER_UNSAFE;
      r->witness = witness_from (&s, found);
    }
  else if (fw_witness)
    {
      r->verdict = RF_COVER_UNSAFE;
      r->witness = fw_witness;
    }
  s.stats.kept = s.basis->len;
  s.stats.seconds = (g_get_monotonic_time () - s.start_us) / 1e6;
  r->stats = s.stats;
  for (guint i = 0; i < s.basis->len; i++)
    node_unref (g_ptr_array_index (s.basis, i));
  g_ptr_array_unref (s.basis);
  g_array_unref (s.keys);
  g_ptr_array_unref (s.invariants);
  g_ptr_array_unref (s.inv_by_place);
  g_free (s.inv_sum);
  g_array_unref (s.inv_touched);
  g_ptr_array_unref (s.producers);
  if (s.free_producers)
    g_ptr_array_unref (s.free_producers);
  g_array_unref (s.candidates);
  g_free (s.stamp);
  g_free (s.markable);
  (void) nt;
  return r;
}

void
rf_witness_free (RfWitness *w)
{
  if (!w)
    return;
  rf_marking_unref (w->initial);
  rf_marking_unref (w->final);
  g_array_unref (w->steps);
  g_free (w);
}

static gboolean
marking_in_net (const RfMarking *m, guint n_places)
{
  return m->n == 0 || m->e[m->n - 1].place < n_places;
}

gboolean
rf_witness_replay (const RfNet *net, const RfWitness *w, const RfMarking *target, GError **error)
{
  guint np = rf_net_n_places (net);
  g_autofree guint32 *dense = g_new0 (guint32, np);
  if (!marking_in_net (w->initial, np) || !marking_in_net (w->final, np) || !marking_in_net (target, np))
    {
      g_set_error (error, RF_COVER_ERROR, RF_COVER_ERROR_REPLAY, "witness names a place the net does not have");
      return FALSE;
    }
  for (guint i = 0; i < w->initial->n; i++)
    dense[w->initial->e[i].place] = w->initial->e[i].count;
  /* The initial marking must be an instance of the net's initial set. */
  const guint32 *init = rf_net_peek_initial (net);
  const gboolean *omega = rf_net_peek_omega (net);
  for (guint p = 0; p < np; p++)
    if (omega[p] ? dense[p] < init[p] : dense[p] != init[p])
      {
        g_set_error (error, RF_COVER_ERROR, RF_COVER_ERROR_REPLAY,
                     "witness starts with %u tokens on %s, the net has %u",
                     dense[p], rf_net_get_place (net, p)->name, init[p]);
        return FALSE;
      }
  for (guint i = 0; i < w->steps->len; i++)
    {
      guint ti = g_array_index (w->steps, guint, i);
      if (ti >= rf_net_n_transitions (net))
        {
          g_set_error (error, RF_COVER_ERROR, RF_COVER_ERROR_REPLAY, "step %u: no transition %u", i + 1, ti);
          return FALSE;
        }
      const RfTransition *t = rf_net_get_transition (net, ti);
      if (!rf_marking_fire_dense (dense, t->pre, t->n_pre, t->post, t->n_post))
        {
          g_set_error (error, RF_COVER_ERROR, RF_COVER_ERROR_REPLAY, "step %u: transition %s is not enabled",
                       i + 1, t->label ? t->label : "?");
          return FALSE;
        }
    }
  for (guint i = 0; i < w->final->n; i++)
    if (dense[w->final->e[i].place] != w->final->e[i].count)
      {
        g_set_error (error, RF_COVER_ERROR, RF_COVER_ERROR_REPLAY, "replay does not reach the witness's final marking");
        return FALSE;
      }
  guint64 sum = 0;
  for (guint p = 0; p < np; p++)
    sum += dense[p];
  if (sum != w->final->norm)
    {
      g_set_error (error, RF_COVER_ERROR, RF_COVER_ERROR_REPLAY, "replay does not reach the witness's final marking");
      return FALSE;
    }
  if (!rf_marking_leq_dense (target, dense, NULL))
    {
      g_set_error (error, RF_COVER_ERROR, RF_COVER_ERROR_REPLAY, "the final marking does not cover the target");
      return FALSE;
    }
  return TRUE;
}

void
rf_cover_result_free (RfCoverResult *r)
{
  if (!r)
    return;
  rf_witness_free (r->witness);
  g_free (r);
}

const char *
rf_cover_verdict_to_string (RfCoverVerdict v)
{
  switch (v)
    {
    case RF_COVER_SAFE: return "safe";
    case RF_COVER_UNSAFE: return "unsafe";
    case RF_COVER_UNKNOWN: return "unknown";
    }
  g_assert_not_reached ();
}
