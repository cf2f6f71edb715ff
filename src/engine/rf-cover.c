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
 * the initial marking. This file holds the search itself; the basis, the linear bounds
 * and the witnesses are rooms of their own (rf-cover-private.h lists them). */
#include "rf-cover-private.h"
#include "rf-forward.h"
#include "rf-steq.h"

#include <time.h>

/* The CPU time this process has used, in microseconds: budgets and the reported time
 * count CPU time, so a verdict under --timeout does not depend on the machine's load. */
gint64
rf_cover_cpu_time_us (void)
{
  struct timespec ts;
  if (clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts) != 0)
    return g_get_monotonic_time ();
  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

#define cpu_now_us rf_cover_cpu_time_us

/* Search: the state of one run. Invariant: basis holds the live nodes, pairwise
 * incomparable; every node ever added to the basis is counted in stats.conf. */
typedef struct {
  const RfNet *net;
  const guint32 *init;
  const gboolean *omega;
  Basis basis;
  Bounds inv;              /* the net's checked P-invariants */
  Bounds learned;          /* certificates of the state-equation test */
  RfSteq *steq;            /* owned, or NULL when the state equation is off */
  gdouble steq_credit;     /* work units linear programs may take now (steq_refutes) */
  gdouble steq_cost;       /* estimated work units of one linear program */
  guint64 steq_work_seen;  /* s->work when credit was last earned */
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
  guint64 extra_work;      /* other work in the same units (linear programs) */
  Node *meet;              /* owned reference: the basis node a forward marking covered */
  guint64 node_bytes;      /* what the live nodes take (node_bytes), kept by cover_node_new/unref */
} Search;

/* TRUE when M's weighted sum exceeds the total of some P-invariant of the net: no
 * reachable marking covers M. */
static gboolean
violates_invariant (Search *s, const RfMarking *m)
{
  return cover_bounds_exceeded (&s->inv, m) >= 0;
}

/* Linear programs are rationed in work units (one predecessor computation each): a
 * program is estimated to cost STEQ_COST_BASE + (matrix entries) / STEQ_ENTRIES_PER_UNIT
 * units (steq_cost) before it runs, and each of its pivots rows / STEQ_ENTRIES_PER_UNIT
 * more once it has run. The search earns STEQ_SHARE units of credit per predecessor it
 * computes and spends a program's cost on each; a program that prunes earns back
 * STEQ_REWARD programs' worth, up to STEQ_CREDIT_MAX. So where the equation prunes,
 * programs go on; where it never does (an unsafe net, say), they take about
 * STEQ_SHARE of the time. Targets always get a program. A pivot costs about as
 * much as the program has rows, so each program may pivot STEQ_PIVOT_WORK / rows
 * times (STEQ_TARGET_PIVOT_WORK for a target), at least STEQ_MIN_PIVOTS; after
 * STEQ_MAX_UNFINISHED programs stop at their limit, only learned bounds prune (the
 * net is too large for the solver). */
#define STEQ_COST_BASE 4.0
#define STEQ_ENTRIES_PER_UNIT 8.0
#define STEQ_SHARE 0.25
#define STEQ_CREDIT_START 32.0   /* programs' worth */
#define STEQ_REWARD 8.0          /* programs' worth */
#define STEQ_CREDIT_MAX 1024.0   /* programs' worth */
#define STEQ_TARGET_PIVOT_WORK 4e7
#define STEQ_PIVOT_WORK 1e7
#define STEQ_MIN_PIVOTS 100
#define STEQ_MAX_UNFINISHED 2

/* TRUE when the state equation shows that no reachable marking covers M: a learned
 * bound is exceeded, or the linear program has no solution (its certificate is then
 * learned). TARGET: M is a target (always worth a program). Counted in
 * stats.steq_pruned. */
static gboolean
steq_refutes (Search *s, const RfMarking *m, gboolean target)
{
  if (!s->steq)
    return FALSE;
  if (cover_bounds_exceeded (&s->learned, m) >= 0)
    {
      s->stats.steq_pruned++;
      return TRUE;
    }
  if (rf_steq_n_unfinished (s->steq) >= STEQ_MAX_UNFINISHED)
    return FALSE;
  s->steq_credit = MIN (STEQ_CREDIT_MAX * s->steq_cost,
                        s->steq_credit + STEQ_SHARE * (s->work - s->steq_work_seen));
  s->steq_work_seen = s->work;
  if (!target && s->steq_credit < s->steq_cost)
    return FALSE;
  s->steq_credit -= s->steq_cost;
  gdouble left = 0;
  if (s->budget.timeout_s > 0)
    left = MAX (0.001, s->budget.timeout_s - (cpu_now_us () - s->start_us) / 1e6);
  if (s->budget.deadline_us > 0)
    {
      gdouble to_deadline = MAX (0.001, (s->budget.deadline_us - cpu_now_us ()) / 1e6);
      left = left > 0 ? MIN (left, to_deadline) : to_deadline;
    }
  gdouble rows = MAX (1, rf_steq_n_rows (s->steq));
  guint pivots = (guint) MAX (STEQ_MIN_PIVOTS, (target ? STEQ_TARGET_PIVOT_WORK : STEQ_PIVOT_WORK) / rows);
  rf_steq_set_limits (s->steq, pivots, left);
  RfInvariant *cert = NULL;
  guint64 before = rf_steq_n_pivots (s->steq);
  gboolean may = rf_steq_may_cover (s->steq, m, &cert);
  gdouble pivot_cost = (rf_steq_n_pivots (s->steq) - before) * rows / STEQ_ENTRIES_PER_UNIT;
  s->steq_credit -= pivot_cost;
  s->extra_work += (guint64) (s->steq_cost + pivot_cost);
  if (may)
    return FALSE;
  cover_bounds_add (&s->learned, cert);
  s->stats.steq_pruned++;
  s->steq_credit = MIN (STEQ_CREDIT_MAX * s->steq_cost, s->steq_credit + STEQ_REWARD * s->steq_cost);
  return TRUE;
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
 * an unmarkable place covers no reachable marking. Resets only take tokens away, so
 * they are ignored: the analysis stays an over-approximation of what can be marked. */
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

/* s->candidates := the transitions whose predecessor of M may be new, sorted by id:
 * those producing into M's support. Any other transition t gives max(M - post, 0) +
 * pre = M + pre, above M, or, when it resets a place of M (where it puts nothing), no
 * predecessor at all; a candidate that resets a place of M holding more than t puts
 * back gives none either (rf_marking_pre answers NULL). When M saturates an invariant
 * I, a transition whose input has I-weight but which produces onto none of M's
 * I-places would give a predecessor above I's total (when it gives one), so only
 * producers of those places and transitions with no I-weight in their input are tried
 * (free_producers). (A reset only lowers a checked invariant's sum: at_most.) */
static void
collect_candidates (Search *s, const RfMarking *m)
{
  s->serial++;
  g_array_set_size (s->candidates, 0);
  gint sat = s->free_producers ? cover_bounds_saturated (&s->inv, m) : -1;
  if (sat >= 0)
    {
      GPtrArray *free_k = g_ptr_array_index (s->free_producers, sat);
      for (guint i = 0; i < m->n; i++)
        {
          guint32 p = m->e[i].place;
          GArray *occ = g_ptr_array_index (s->inv.by_place, p);
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
  if (s->inv.all->len == 0 || size * s->inv.all->len > 20000000)
    return;
  s->free_producers = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  for (guint k = 0; k < s->inv.all->len; k++)
    {
      const RfMarking *w = ((RfInvariant *) g_ptr_array_index (s->inv.all, k))->weights;
      GPtrArray *per_place = g_ptr_array_new_full (np, cover_array_unref0);
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

/* Estimated bytes of the search's data now (RfCoverStats.peak_bytes): the live nodes,
 * the basis's index entries and the heap's slots (each with an allowance for the
 * arrays' spare capacity), and the forward search's states, FW (may be NULL). */
static guint64
search_bytes (const Search *s, const GPtrArray *heap, const RfForward *fw)
{
  return s->node_bytes + s->basis.entries * (sizeof (Entry) * 3 / 2) + (heap ? heap->len : 0) * 2 * sizeof (gpointer)
         + (fw ? rf_forward_n_bytes (fw) : 0);
}

/* TRUE when the search data, estimated, is past max_bytes even without the forward
 * search: that one (*FW, may be NULL) is dropped first when it takes the data past it.
 * Notes the peak. */
static gboolean
memory_exceeded (Search *s, const GPtrArray *heap, RfForward **fw)
{
  guint64 bytes = search_bytes (s, heap, *fw);
  s->stats.peak_bytes = MAX (s->stats.peak_bytes, bytes);
  if (!s->budget.max_bytes || bytes <= s->budget.max_bytes)
    return FALSE;
  if (*fw)
    {
      s->stats.forward_states += rf_forward_n_states (*fw);
      g_clear_pointer (fw, rf_forward_free);
    }
  return search_bytes (s, heap, NULL) > s->budget.max_bytes;
}

/* The budget's cancel flag is set (Ctrl-C). */
static gboolean
cancelled (const Search *s)
{
  return s->budget.cancel && *s->budget.cancel;
}

static gboolean
budget_exceeded (Search *s)
{
  if (cancelled (s))
    return TRUE;
  if (s->budget.max_markings && s->basis.live > s->budget.max_markings)
    return TRUE;
  if (s->budget.timeout_s > 0 || s->budget.deadline_us > 0)
    {
      gint64 now = cpu_now_us ();
      if (s->budget.timeout_s > 0 && (now - s->start_us) / 1e6 > s->budget.timeout_s)
        return TRUE;
      if (s->budget.deadline_us > 0 && now > s->budget.deadline_us)
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
  gint64 now = cpu_now_us ();
  gdouble interval = s->budget.progress_interval_s > 0 ? s->budget.progress_interval_s
                                                       : RF_COVER_PROGRESS_INTERVAL;
  if (now - s->progress_us < interval * 1e6)
    return;
  s->progress_us = now;
  gdouble elapsed = (now - s->start_us) / 1e6;
  RfCoverProgress p = { s->budget.progress_label, s->basis.live, frontier, s->stats.conf,
                        s->stats.iterations, elapsed > 0 ? s->work / elapsed : 0, elapsed };
  s->budget.progress (&p, s->budget.progress_data);
}

/* Forward probe: a forward marking above a basis marking leads to a target along
 * that node's chain of predecessors; remembers the node in s->meet. */
static gboolean
meets_basis (const RfMarking *m, gpointer data)
{
  Search *s = data;
  Node *n = cover_basis_find_below (&s->basis, m);
  if (!n)
    return FALSE;
  s->meet = cover_node_ref (n);
  return TRUE;
}

/* The search order: fewest tokens beyond the initial marking first (those closest
 * to it), then smallest, then in order of addition. Small markings are the likelier
 * to subsume the predecessors of larger ones before those are computed. */
static gboolean
node_before (const Node *x, const Node *y)
{
  if (x->excess != y->excess)
    return x->excess < y->excess;
  if (x->m->norm != y->m->norm)
    return x->m->norm < y->m->norm;
  return x->serial < y->serial;
}

/* Binary min-heap of Node* (owned references) in node_before order. */
static void
heap_push (GPtrArray *heap, Node *n)
{
  g_ptr_array_add (heap, n);
  Node **h = (Node **) heap->pdata;
  for (guint i = heap->len - 1; i > 0;)
    {
      guint up = (i - 1) / 2;
      if (!node_before (h[i], h[up]))
        break;
      Node *t = h[i];
      h[i] = h[up];
      h[up] = t;
      i = up;
    }
}

/* Removes and returns the first node (the caller owns its reference). */
static Node *
heap_pop (GPtrArray *heap)
{
  Node **h = (Node **) heap->pdata;
  Node *top = h[0];
  h[0] = h[heap->len - 1];
  g_ptr_array_steal_index (heap, heap->len - 1);
  guint n = heap->len;
  for (guint i = 0;;)
    {
      guint l = 2 * i + 1, r = l + 1, m = i;
      if (l < n && node_before (h[l], h[m]))
        m = l;
      if (r < n && node_before (h[r], h[m]))
        m = r;
      if (m == i)
        break;
      Node *t = h[i];
      h[i] = h[m];
      h[m] = t;
      i = m;
    }
  return top;
}

/* Tokens of M beyond the initial marking on places that are not omega: 0 exactly
 * when M lies below the initial marking. */
static guint64
excess (const Search *s, const RfMarking *m)
{
  guint64 e = 0;
  for (guint i = 0; i < m->n; i++)
    {
      guint32 p = m->e[i].place;
      if (!s->omega[p] && m->e[i].count > s->init[p])
        e += m->e[i].count - s->init[p];
    }
  return e;
}

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

static RfForward *
forward_new (Search *s, GPtrArray *targets, guint32 omega_tokens)
{
  RfForward *fw = rf_forward_new (s->net, targets, omega_tokens, FORWARD_MAX_STATES);
  rf_forward_set_probe (fw, meets_basis, s);
  return fw;
}

static gint
node_serial_cmp (gconstpointer a, gconstpointer b)
{
  const Node *x = *(Node *const *) a, *y = *(Node *const *) b;
  return (x->serial > y->serial) - (x->serial < y->serial);
}

/* The proof of a safe search that ran to its backward fixpoint (or had no target
 * left): its final basis and everything that excluded a marking (RfCoverProof). Every
 * predecessor of a live basis node (through each transition that gives one: a reset
 * can leave none) was computed when the node was taken from the heap (the heap is
 * empty now), and then kept, found above a basis node (basis nodes are only ever
 * dropped for smaller ones, so it still is), or dropped for a token on an unmarkable
 * place (a dead transition's, never tried, has one), for an invariant (directly, or
 * by collect_candidates' saturation argument) or for a bound. */
static RfCoverProof *
proof_new (Search *s, GPtrArray *targets)
{
  RfCoverProof *pf = g_new0 (RfCoverProof, 1);
  guint np = rf_net_n_places (s->net);
  pf->targets = g_ptr_array_new_with_free_func ((GDestroyNotify) rf_marking_unref);
  for (guint i = 0; i < targets->len; i++)
    g_ptr_array_add (pf->targets, rf_marking_ref (g_ptr_array_index (targets, i)));
  g_autoptr (GPtrArray) live = g_ptr_array_new ();
  cover_basis_collect_live (&s->basis, live);
  g_assert (live->len == s->basis.live);
  g_ptr_array_sort (live, node_serial_cmp);
  pf->basis = g_ptr_array_new_with_free_func ((GDestroyNotify) rf_marking_unref);
  for (guint i = 0; i < live->len; i++)
    g_ptr_array_add (pf->basis, rf_marking_ref (((Node *) g_ptr_array_index (live, i))->m));
  pf->n_places = np;
  pf->unmarkable = g_new0 (gboolean, MAX (np, 1));
  for (guint p = 0; p < np; p++)
    pf->unmarkable[p] = !s->markable[p];
  pf->invariants = g_ptr_array_ref (s->inv.all);
  pf->bounds = g_ptr_array_ref (s->learned.all);
  return pf;
}

gboolean
rf_cover_budget_cancelled (const RfCoverBudget *budget)
{
  return budget && budget->cancel && *budget->cancel;
}

gboolean
rf_cover_budget_spent (const RfCoverBudget *budget)
{
  return budget && ((budget->deadline_us > 0 && cpu_now_us () > budget->deadline_us)
                    || rf_cover_budget_cancelled (budget));
}

RfCoverResult *
rf_cover_run (const RfNet *net, GPtrArray *targets, const RfCoverBudget *budget)
{
  /* Past the deadline of the run already, or cancelled: unknown at once, without the
   * search's indices, which cost as much as the net (a large program's remaining
   * queries would otherwise each pay that after the budget is spent). */
  if (rf_cover_budget_spent (budget))
    {
      RfCoverResult *late = g_new0 (RfCoverResult, 1);
      late->verdict = RF_COVER_UNKNOWN;
      late->interrupted = rf_cover_budget_cancelled (budget);
      return late;
    }
  Search s = { 0 };
  s.net = net;
  s.init = rf_net_peek_initial (net);
  s.omega = rf_net_peek_omega (net);
  cover_basis_init (&s.basis, rf_net_n_places (net));
  cover_bounds_init (&s.inv, rf_net_n_places (net), rf_net_check_invariants (net));
  compute_markable (&s);
  if (budget)
    s.budget = *budget;
  cover_bounds_init (&s.learned, rf_net_n_places (net), g_ptr_array_new ());
  /* Past the deadline now (the set-up above took the rest): unknown without a search. */
  gboolean late = rf_cover_budget_spent (&s.budget);
  if (!s.budget.no_state_equation && !late)
    {
      guint nt0 = rf_net_n_transitions (net);
      g_autofree gboolean *live = g_new0 (gboolean, nt0);
      for (guint ti = 0; ti < nt0; ti++)
        live[ti] = transition_live (&s, rf_net_get_transition (net, ti));
      s.steq = rf_steq_new (net, live);
      s.steq_cost = STEQ_COST_BASE + rf_steq_n_entries (s.steq) / STEQ_ENTRIES_PER_UNIT;
      s.steq_credit = STEQ_CREDIT_START * s.steq_cost;
    }
  s.start_us = cpu_now_us ();
  s.progress_us = s.start_us;

  RfCoverResult *r = g_new0 (RfCoverResult, 1);
  r->verdict = late ? RF_COVER_UNKNOWN : RF_COVER_SAFE;
  g_autoptr (GPtrArray) frontier = g_ptr_array_new_with_free_func (cover_node_unref);
  const Node *found = NULL;

  for (guint i = 0; i < targets->len && !found && !late; i++)
    {
      RfMarking *m = g_ptr_array_index (targets, i);
      if (!marking_markable (&s, m))
        continue;  /* needs a token on a place nothing can mark */
      if (violates_invariant (&s, m))
        {
          s.stats.pruned++;
          continue;
        }
      if (cover_basis_covers (&s.basis, m))
        {
          s.stats.subsumed++;
          continue;
        }
      if (steq_refutes (&s, m, TRUE))
        continue;
      Node *n = cover_node_new (rf_marking_ref (m), NULL, 0, i, &s.node_bytes);
      n->excess = excess (&s, m);
      cover_basis_insert (&s.basis, n, &s.stats);
      g_ptr_array_add (frontier, cover_node_ref (n));
      if (n->excess == 0)
        found = n;  /* below the initial marking */
    }

  guint nt = rf_net_n_transitions (net);
  index_producers (&s);
  index_free_producers (&s);
  /* The forward search shares the work: before each backward round it may fire as
   * many transitions as the backward search computed predecessors since its last
   * turn (at least FORWARD_QUOTA), so neither starves and counts stay deterministic. */
  guint32 omega_tokens = forward_omega_tokens (targets);
  g_autoptr (RfForward) fw = s.budget.backward_only || late ? NULL : forward_new (&s, targets, omega_tokens);
  guint64 work_seen = 0;
  RfWitness *fw_witness = NULL;
  g_autoptr (GPtrArray) heap = g_ptr_array_new_with_free_func (cover_node_unref);
  for (guint i = 0; i < frontier->len; i++)
    heap_push (heap, cover_node_ref (g_ptr_array_index (frontier, i)));
  while (!found && heap->len > 0 && r->verdict != RF_COVER_UNKNOWN)
    {
      guint64 work = s.work + s.extra_work;
      if (fw && (work_seen == 0 || work - work_seen >= FORWARD_QUOTA))
        {
          RfForwardState st = rf_forward_step (fw, MAX (FORWARD_QUOTA, work - work_seen));
          work_seen = MAX (work, 1);
          if (st == RF_FORWARD_FOUND)
            {
              fw_witness = rf_forward_witness (fw);
              if (fw_witness->target == RF_FORWARD_PROBED)
                cover_witness_extend (net, fw_witness, s.meet);
              break;
            }
          gboolean exact = rf_forward_is_exact (fw);
          if (st == RF_FORWARD_EXHAUSTED && exact && !s.budget.certify)
            {
              /* Every reachable marking was seen and none covers a target. (That
               * proof is no basis: a certificate waits for the backward fixpoint.) */
              g_ptr_array_set_size (heap, 0);
              break;
            }
          if (st != RF_FORWARD_RUNNING)
            {
              s.stats.forward_states += rf_forward_n_states (fw);
              g_clear_pointer (&fw, rf_forward_free);
              /* An instance with more tokens on the omega places may still reach a
               * target: try again with twice as many, up to FORWARD_MAX_OMEGA. */
              if (st == RF_FORWARD_EXHAUSTED && !exact && omega_tokens < FORWARD_MAX_OMEGA)
                {
                  omega_tokens *= 2;
                  fw = forward_new (&s, targets, omega_tokens);
                }
            }
          else if (memory_exceeded (&s, heap, &fw))
            {
              r->verdict = RF_COVER_UNKNOWN;
              break;
            }
        }
      Node *cur = heap_pop (heap);
      if (cur->dead)
        {
          cover_node_unref (cur);
          continue;
        }
      s.stats.iterations = MAX (s.stats.iterations, cur->depth + 1);
      report_progress (&s, heap->len + 1);
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
              report_progress (&s, heap->len + 1);
            }
          RfMarking *pm = rf_net_transition_pre (t, cur->m);
          if (!pm)
            continue;  /* t empties a place where cur needs more than t puts back */
          if (violates_invariant (&s, pm))
            {
              s.stats.pruned++;
              rf_marking_unref (pm);
              continue;
            }
          if (cover_basis_covers (&s.basis, pm))
            {
              s.stats.subsumed++;
              rf_marking_unref (pm);
              continue;
            }
          if (steq_refutes (&s, pm, FALSE))
            {
              rf_marking_unref (pm);
              continue;
            }
          Node *n = cover_node_new (pm, cur, ti, cur->target, &s.node_bytes);
          n->excess = excess (&s, pm);
          cover_basis_insert (&s.basis, n, &s.stats);
          if (n->excess == 0)
            {
              found = n;  /* below the initial marking */
              break;
            }
          heap_push (heap, cover_node_ref (n));
          if ((s.budget.max_markings && s.basis.live > s.budget.max_markings)
              || memory_exceeded (&s, heap, &fw))
            {
              r->verdict = RF_COVER_UNKNOWN;
              break;
            }
        }
      cover_node_unref (cur);
    }

  if (fw)
    s.stats.forward_states += rf_forward_n_states (fw);
  r->interrupted = r->verdict == RF_COVER_UNKNOWN && !found && !fw_witness && cancelled (&s);
  if (found)
    {
      r->verdict = RF_COVER_UNSAFE;
      r->witness = cover_witness_from (net, found);
    }
  else if (fw_witness)
    {
      r->verdict = RF_COVER_UNSAFE;
      r->witness = fw_witness;
    }
  if (r->witness)
    {
      const RfMarking *target = g_ptr_array_index (targets, r->witness->target);
      cover_witness_shorten (net, r->witness, target);
      /* Callers get only witnesses replayed here: one that does not replay is a bug of
       * the engine, never an answer. */
      g_autoptr (GError) replay = NULL;
      if (!rf_witness_replay (net, r->witness, target, &replay))
        g_error ("rf_cover_run: internal error: the witness does not replay: %s", replay->message);
    }
  if (s.steq)
    {
      s.stats.steq_lps = rf_steq_n_solved (s.steq);
      s.stats.steq_learned = s.learned.all->len;
    }
  s.stats.kept = s.basis.live;
  if (r->verdict == RF_COVER_SAFE && s.budget.certify)
    r->proof = proof_new (&s, targets);
  s.stats.seconds = (cpu_now_us () - s.start_us) / 1e6;
  r->stats = s.stats;
  if (s.meet)
    cover_node_unref (s.meet);
  cover_basis_clear (&s.basis);
  cover_bounds_clear (&s.inv);
  cover_bounds_clear (&s.learned);
  rf_steq_free (s.steq);
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
rf_cover_result_free (RfCoverResult *r)
{
  if (!r)
    return;
  rf_witness_free (r->witness);
  rf_cover_proof_free (r->proof);
  g_free (r);
}

void
rf_cover_proof_free (RfCoverProof *proof)
{
  if (!proof)
    return;
  g_ptr_array_unref (proof->targets);
  g_ptr_array_unref (proof->basis);
  g_ptr_array_unref (proof->invariants);
  g_ptr_array_unref (proof->bounds);
  g_free (proof->unmarkable);
  g_free (proof);
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
