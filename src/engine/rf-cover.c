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
#include "rf-steq.h"

#include <string.h>
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

/* Node: one marking of the backward search. parent is the marking this one is a
 * predecessor of (NULL for a target), through transition `via`; target is the index
 * of the target at the root. Reference counted: the basis, the frontier and children
 * each hold a reference, so a witness chain stays alive while its leaf does. Each
 * node is counted in *bytes (the search's estimate of its memory) while it lives. */
typedef struct Node Node;
struct Node {
  gint ref;
  guint64 *bytes;  /* the search's count, borrowed */
  gboolean dead;   /* dropped from the basis (subsumed by a smaller marking) */
  RfMarking *m;    /* owned */
  Node *parent;    /* owned reference, or NULL */
  guint via;
  guint target;
  guint64 serial;  /* order of addition to the basis (stats.conf before it) */
  guint64 excess;  /* tokens beyond the initial marking on non-omega places */
  guint depth;     /* predecessor steps from the target */
};

/* What node N takes: itself and its marking, each with malloc's overhead. */
static guint64
node_bytes (const Node *n)
{
  return sizeof (Node) + sizeof (RfMarking) + n->m->n * sizeof (RfToken) + 2 * 16;
}

static Node *
node_new (RfMarking *m, Node *parent, guint via, guint target, guint64 *bytes)
{
  Node *n = g_new0 (Node, 1);
  n->ref = 1;
  n->m = m;
  n->bytes = bytes;
  *bytes += node_bytes (n);
  n->parent = parent;
  if (parent)
    {
      parent->ref++;
      n->depth = parent->depth + 1;
    }
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
      *n->bytes -= node_bytes (n);
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

/* Entry: a basis node in a subsumption list, with its filter: the marking's sig and
 * norm, copied so that most comparisons never touch the marking. Holds a reference. */
typedef struct {
  guint64 sig;
  guint64 norm;
  Node *node;
} Entry;

/* Basis: the minimal markings kept, indexed for the two subsumption questions.
 * Each node is in the cover list of one place of its support, its key (a marking
 * below M has its support inside M's, so the lists of M's places hold every
 * candidate), and in the occurrence list of every place of its support (a marking
 * above M is in the list of each of M's places, so the shortest one holds every
 * candidate). The key is the place of least occurrences when the node is added: the
 * most selective one. A node dropped from the basis is marked dead and leaves each
 * list the next time the list is scanned. Invariant: the live nodes are pairwise
 * incomparable; live counts them. */
typedef struct {
  GArray **cover;   /* per place: Entry list of the nodes keyed there; NULL if none */
  GArray **occ;     /* per place: Entry list of the nodes whose support has it */
  GArray *empty;    /* Entry: the node of the empty marking, if any */
  guint n_places;
  guint64 live;
  guint64 entries;  /* entries in all lists, dead ones not yet dropped included */
} Basis;

static void
basis_init (Basis *b, guint n_places)
{
  b->cover = g_new0 (GArray *, n_places);
  b->occ = g_new0 (GArray *, n_places);
  b->empty = g_array_new (FALSE, FALSE, sizeof (Entry));
  b->n_places = n_places;
  b->live = 0;
  b->entries = 0;
}

static void
entries_free (GArray *list)
{
  if (!list)
    return;
  for (guint i = 0; i < list->len; i++)
    node_unref (g_array_index (list, Entry, i).node);
  g_array_unref (list);
}

static void
basis_clear (Basis *b)
{
  for (guint p = 0; p < b->n_places; p++)
    {
      entries_free (b->cover[p]);
      entries_free (b->occ[p]);
    }
  entries_free (b->empty);
  g_free (b->cover);
  g_free (b->occ);
}

static void
list_add (Basis *b, GArray **list, Node *n)
{
  if (!*list)
    *list = g_array_new (FALSE, FALSE, sizeof (Entry));
  Entry e = { n->m->sig, n->m->norm, node_ref (n) };
  g_array_append_val (*list, e);
  b->entries++;
}

/* The first live node of LIST whose marking is below M, or NULL; drops the dead
 * entries it meets (the last entry takes a dropped one's slot). */
static Node *
list_find_below (Basis *b, GArray *list, const RfMarking *m)
{
  if (!list)
    return NULL;
  Entry *e = (Entry *) list->data;
  for (guint i = 0; i < list->len; i++)
    {
      if (e[i].node->dead)
        {
          node_unref (e[i].node);
          e[i--] = e[--list->len];
          b->entries--;
          continue;
        }
      if ((e[i].sig & ~m->sig) != 0 || e[i].norm > m->norm)
        continue;
      if (rf_marking_leq (e[i].node->m, m))
        return e[i].node;
    }
  return NULL;
}

/* A live basis node whose marking is below M, or NULL. */
static Node *
basis_find_below (Basis *b, const RfMarking *m)
{
  Node *n = list_find_below (b, b->empty, m);
  for (guint i = 0; i < m->n && !n; i++)
    n = list_find_below (b, b->cover[m->e[i].place], m);
  return n;
}

/* TRUE when some basis marking is below M. */
static gboolean
basis_covers (Basis *b, const RfMarking *m)
{
  return basis_find_below (b, m) != NULL;
}

static guint
list_len (const GArray *list)
{
  return list ? list->len : 0;
}

/* Marks dead every live node of LIST whose marking is above M (stats.subsumed counts
 * them) and drops dead entries, keeping the order of the others. */
static void
list_drop_above (GArray *list, const RfMarking *m, Basis *b, RfCoverStats *stats)
{
  if (!list)
    return;
  Entry *e = (Entry *) list->data;
  guint k = 0;
  for (guint i = 0; i < list->len; i++)
    {
      Node *n = e[i].node;
      if (!n->dead && (m->sig & ~e[i].sig) == 0 && m->norm <= e[i].norm && rf_marking_leq (m, n->m))
        {
          n->dead = TRUE;
          b->live--;
          stats->subsumed++;
        }
      if (n->dead)
        {
          node_unref (n);
          b->entries--;
          continue;
        }
      e[k++] = e[i];
    }
  g_array_set_size (list, k);
}

/* Adds N to the basis, dropping every basis marking above it. Takes N's reference. */
static void
basis_insert (Basis *b, Node *n, RfCoverStats *stats)
{
  const RfMarking *m = n->m;
  if (m->n == 0)
    {
      /* Every marking is above the empty one. */
      for (guint p = 0; p < b->n_places; p++)
        list_drop_above (b->cover[p], m, b, stats);
      list_drop_above (b->empty, m, b, stats);
    }
  else
    {
      guint32 best = m->e[0].place;
      for (guint i = 1; i < m->n; i++)
        if (list_len (b->occ[m->e[i].place]) < list_len (b->occ[best]))
          best = m->e[i].place;
      list_drop_above (b->occ[best], m, b, stats);
    }
  guint32 key = 0;
  for (guint i = 0; i < m->n; i++)
    {
      guint32 p = m->e[i].place;
      if (i == 0 || list_len (b->occ[p]) < list_len (b->occ[key]))
        key = p;
    }
  n->serial = stats->conf;
  list_add (b, m->n ? &b->cover[key] : &b->empty, n);
  for (guint i = 0; i < m->n; i++)
    list_add (b, &b->occ[m->e[i].place], n);
  node_unref (n);
  b->live++;
  stats->conf++;
}

/* Bounds: linear upper bounds that every reachable marking satisfies,
 * sum_p weights(p)·M(p) <= total (RfInvariant), indexed by place. The net's checked
 * P-invariants are such bounds, and so are the certificates of the state-equation test
 * (rf-steq.h). A marking that exceeds one covers no reachable marking. */
typedef struct {
  GPtrArray *all;       /* RfInvariant*, owned */
  GPtrArray *by_place;  /* per place: NULL or GArray of RfToken {bound index, weight} */
  GArray *sum;          /* guint64 per bound: scratch, all zero between calls */
  GArray *touched;      /* guint32 scratch: bounds with a non-zero sum */
} Bounds;

static void
array_unref0 (gpointer a)
{
  if (a)
    g_array_unref (a);
}

/* Adds BOUND (owned) to B. */
static void
bounds_add (Bounds *b, RfInvariant *bound)
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
static void
bounds_init (Bounds *b, guint n_places, GPtrArray *all)
{
  b->all = g_ptr_array_new_with_free_func ((GDestroyNotify) rf_invariant_free);
  b->by_place = g_ptr_array_new_full (n_places, array_unref0);
  g_ptr_array_set_size (b->by_place, n_places);
  b->sum = g_array_new (FALSE, TRUE, sizeof (guint64));
  b->touched = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_ptr_array_set_free_func (all, NULL);
  for (guint k = 0; k < all->len; k++)
    bounds_add (b, g_ptr_array_index (all, k));
  g_ptr_array_unref (all);
}

static void
bounds_clear (Bounds *b)
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
static gint
bounds_exceeded (Bounds *b, const RfMarking *m)
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
static gint
bounds_saturated (Bounds *b, const RfMarking *m)
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
  guint64 node_bytes;      /* what the live nodes take (node_bytes), kept by node_new/unref */
} Search;

/* TRUE when M's weighted sum exceeds the total of some P-invariant of the net: no
 * reachable marking covers M. */
static gboolean
violates_invariant (Search *s, const RfMarking *m)
{
  return bounds_exceeded (&s->inv, m) >= 0;
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
  if (bounds_exceeded (&s->learned, m) >= 0)
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
  bounds_add (&s->learned, cert);
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
  gint sat = s->free_producers ? bounds_saturated (&s->inv, m) : -1;
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

static gboolean
budget_exceeded (Search *s)
{
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

/* Forward probe: a forward marking above a basis marking leads to a target along
 * that node's chain of predecessors; remembers the node in s->meet. */
static gboolean
meets_basis (const RfMarking *m, gpointer data)
{
  Search *s = data;
  Node *n = basis_find_below (&s->basis, m);
  if (!n)
    return FALSE;
  s->meet = node_ref (n);
  return TRUE;
}

/* Completes W, a forward firing sequence whose final marking is above node N's, with
 * N's chain of predecessors down to its target. */
static void
witness_extend (Search *s, RfWitness *w, const Node *n)
{
  guint np = rf_net_n_places (s->net);
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
      g_assert (ok); /* a forward run, then predecessors from above the node */
    }
  g_autoptr (GArray) fin = g_array_new (FALSE, FALSE, sizeof (RfToken));
  for (guint p = 0; p < np; p++)
    if (dense[p] > 0)
      {
        RfToken t = { p, dense[p] };
        g_array_append_val (fin, t);
      }
  rf_marking_unref (w->final);
  w->final = rf_marking_new ((RfToken *) fin->data, fin->len);
}

/* Largest steps² × places for which witness_shorten works. */
#define SHORTEN_MAX_WORK 100000000

/* Removes steps from W that the rest does not need: last to first, a step goes when
 * the others still fire in order from W's initial marking and end covering TARGET.
 * The best-first search and the meeting of the two searches can leave such steps
 * (a thread created and never used). Updates W->final. */
static void
witness_shorten (const RfNet *net, RfWitness *w, const RfMarking *target)
{
  guint np = rf_net_n_places (net);
  if ((guint64) w->steps->len * w->steps->len * (np + 1) > SHORTEN_MAX_WORK)
    return;
  g_autofree guint32 *dense = g_new (guint32, np);
  for (gint skip = (gint) w->steps->len - 1; skip >= 0; skip--)
    {
      memset (dense, 0, sizeof (guint32) * np);
      for (guint i = 0; i < w->initial->n; i++)
        dense[w->initial->e[i].place] = w->initial->e[i].count;
      gboolean ok = TRUE;
      for (guint i = 0; i < w->steps->len && ok; i++)
        {
          if ((gint) i == skip)
            continue;
          const RfTransition *t = rf_net_get_transition (net, g_array_index (w->steps, guint, i));
          ok = rf_marking_fire_dense (dense, t->pre, t->n_pre, t->post, t->n_post);
        }
      if (ok && rf_marking_leq_dense (target, dense, NULL))
        g_array_remove_index (w->steps, skip);
    }
  memset (dense, 0, sizeof (guint32) * np);
  for (guint i = 0; i < w->initial->n; i++)
    dense[w->initial->e[i].place] = w->initial->e[i].count;
  for (guint i = 0; i < w->steps->len; i++)
    {
      const RfTransition *t = rf_net_get_transition (net, g_array_index (w->steps, guint, i));
      gboolean ok = rf_marking_fire_dense (dense, t->pre, t->n_pre, t->post, t->n_post);
      g_assert (ok);
    }
  g_autoptr (GArray) fin = g_array_new (FALSE, FALSE, sizeof (RfToken));
  for (guint p = 0; p < np; p++)
    if (dense[p] > 0)
      {
        RfToken t = { p, dense[p] };
        g_array_append_val (fin, t);
      }
  rf_marking_unref (w->final);
  w->final = rf_marking_new ((RfToken *) fin->data, fin->len);
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

/* Appends the live nodes of LIST to OUT. */
static void
collect_live (GArray *list, GPtrArray *out)
{
  for (guint i = 0; list && i < list->len; i++)
    if (!g_array_index (list, Entry, i).node->dead)
      g_ptr_array_add (out, g_array_index (list, Entry, i).node);
}

/* The proof of a safe search that ran to its backward fixpoint (or had no target
 * left): its final basis and everything that excluded a marking (RfCoverProof). Every
 * predecessor of a live basis node was computed when the node was taken from the heap
 * (the heap is empty now), and then kept, found above a basis node (basis nodes are
 * only ever dropped for smaller ones, so it still is), or dropped for a token on an
 * unmarkable place (a dead transition's, never tried, has one), for an invariant
 * (directly, or by collect_candidates' saturation argument) or for a bound. */
static RfCoverProof *
proof_new (Search *s, GPtrArray *targets)
{
  RfCoverProof *pf = g_new0 (RfCoverProof, 1);
  guint np = rf_net_n_places (s->net);
  pf->targets = g_ptr_array_new_with_free_func ((GDestroyNotify) rf_marking_unref);
  for (guint i = 0; i < targets->len; i++)
    g_ptr_array_add (pf->targets, rf_marking_ref (g_ptr_array_index (targets, i)));
  /* each live node is in the cover list of its key place, or in the empty list */
  g_autoptr (GPtrArray) live = g_ptr_array_new ();
  collect_live (s->basis.empty, live);
  for (guint p = 0; p < np; p++)
    collect_live (s->basis.cover[p], live);
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

RfCoverResult *
rf_cover_run (const RfNet *net, GPtrArray *targets, const RfCoverBudget *budget)
{
  Search s = { 0 };
  s.net = net;
  s.init = rf_net_peek_initial (net);
  s.omega = rf_net_peek_omega (net);
  basis_init (&s.basis, rf_net_n_places (net));
  bounds_init (&s.inv, rf_net_n_places (net), rf_net_check_invariants (net));
  compute_markable (&s);
  if (budget)
    s.budget = *budget;
  bounds_init (&s.learned, rf_net_n_places (net), g_ptr_array_new ());
  /* Past the deadline of the run already: unknown without a search. */
  gboolean late = s.budget.deadline_us > 0 && cpu_now_us () > s.budget.deadline_us;
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
  g_autoptr (GPtrArray) frontier = g_ptr_array_new_with_free_func (node_unref);
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
      if (basis_covers (&s.basis, m))
        {
          s.stats.subsumed++;
          continue;
        }
      if (steq_refutes (&s, m, TRUE))
        continue;
      Node *n = node_new (rf_marking_ref (m), NULL, 0, i, &s.node_bytes);
      n->excess = excess (&s, m);
      basis_insert (&s.basis, n, &s.stats);
      g_ptr_array_add (frontier, node_ref (n));
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
  g_autoptr (GPtrArray) heap = g_ptr_array_new_with_free_func (node_unref);
  for (guint i = 0; i < frontier->len; i++)
    heap_push (heap, node_ref (g_ptr_array_index (frontier, i)));
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
                witness_extend (&s, fw_witness, s.meet);
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
          node_unref (cur);
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
          RfMarking *pm = rf_marking_pre (cur->m, t->pre, t->n_pre, t->post, t->n_post);
          if (violates_invariant (&s, pm))
            {
              s.stats.pruned++;
              rf_marking_unref (pm);
              continue;
            }
          if (basis_covers (&s.basis, pm))
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
          Node *n = node_new (pm, cur, ti, cur->target, &s.node_bytes);
          n->excess = excess (&s, pm);
          basis_insert (&s.basis, n, &s.stats);
          if (n->excess == 0)
            {
              found = n;  /* below the initial marking */
              break;
            }
          heap_push (heap, node_ref (n));
          if ((s.budget.max_markings && s.basis.live > s.budget.max_markings)
              || memory_exceeded (&s, heap, &fw))
            {
              r->verdict = RF_COVER_UNKNOWN;
              break;
            }
        }
      node_unref (cur);
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
  if (r->witness)
    {
      const RfMarking *target = g_ptr_array_index (targets, r->witness->target);
      witness_shorten (net, r->witness, target);
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
    node_unref (s.meet);
  basis_clear (&s.basis);
  bounds_clear (&s.inv);
  bounds_clear (&s.learned);
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
