/* rf-net: place/transition nets with the source information witnesses need. */
#include "rf-net.h"

#include <stdlib.h>

/* RfNet: places, transitions and jobs indexed by id (= position).
 * Invariant: initial and omega have one entry per place; every token vector of a
 * transition is normalised (sorted by place, counts > 0) and names existing places,
 * and so does every reset set (sorted, unique); n_resets is their total size. */
struct _RfNet {
  GPtrArray *places;       /* RfPlace*, owned */
  GPtrArray *transitions;  /* RfTransition*, owned */
  GPtrArray *jobs;         /* RfNetJob*, owned */
  GArray *initial;         /* guint32 per place */
  GArray *omega;           /* gboolean per place */
  GPtrArray *invariants;   /* RfMarking* weight vectors, owned: claims, unchecked */
  GPtrArray *rwlocks;      /* RwClaim*, owned: trusted claims of the model builder */
  GHashTable *by_name;     /* borrowed place name -> id + 1 */
  guint n_resets;          /* reset arcs of all transitions */
};

/* RwClaim: one rf_net_add_rwlock_claim. holds: n entries (RfHold as guint8), owned;
 * places added later hold nothing. */
typedef struct {
  guint lock;
  guint n;
  guint8 *holds;
} RwClaim;

static void
rw_claim_free (gpointer p)
{
  RwClaim *c = p;
  g_free (c->holds);
  g_free (c);
}

static void
place_free (gpointer p)
{
  RfPlace *pl = p;
  g_free (pl->name);
  g_free (pl->activity);
  g_free (pl);
}

static void
transition_free (gpointer p)
{
  RfTransition *t = p;
  g_free (t->label);
  g_free (t->pre);
  g_free (t->post);
  g_free (t->resets);
  g_free (t);
}

static void
job_free (gpointer p)
{
  RfNetJob *j = p;
  g_free (j->name);
  g_free (j);
}

RfNet *
rf_net_new (void)
{
  RfNet *net = g_new0 (RfNet, 1);
  net->places = g_ptr_array_new_with_free_func (place_free);
  net->transitions = g_ptr_array_new_with_free_func (transition_free);
  net->jobs = g_ptr_array_new_with_free_func (job_free);
  net->initial = g_array_new (FALSE, TRUE, sizeof (guint32));
  net->omega = g_array_new (FALSE, TRUE, sizeof (gboolean));
  net->invariants = g_ptr_array_new_with_free_func ((GDestroyNotify) rf_marking_unref);
  net->rwlocks = g_ptr_array_new_with_free_func (rw_claim_free);
  net->by_name = g_hash_table_new (g_str_hash, g_str_equal);
  return net;
}

void
rf_net_free (RfNet *net)
{
  if (!net)
    return;
  g_hash_table_unref (net->by_name);
  g_ptr_array_unref (net->places);
  g_ptr_array_unref (net->transitions);
  g_ptr_array_unref (net->jobs);
  g_array_unref (net->initial);
  g_array_unref (net->omega);
  g_ptr_array_unref (net->invariants);
  g_ptr_array_unref (net->rwlocks);
  g_free (net);
}

guint
rf_net_add_place (RfNet *net, const char *name, RfPlaceKind kind, gint job, gint var, RfLoc loc)
{
  RfPlace *p = g_new0 (RfPlace, 1);
  p->id = net->places->len;
  p->name = g_strdup (name);
  p->kind = kind;
  p->job = job;
  p->var = var;
  p->loc = loc;
  g_ptr_array_add (net->places, p);
  guint32 zero = 0;
  gboolean no = FALSE;
  g_array_append_val (net->initial, zero);
  g_array_append_val (net->omega, no);
  if (!g_hash_table_contains (net->by_name, p->name))
    g_hash_table_insert (net->by_name, p->name, GUINT_TO_POINTER (p->id + 1));
  return p->id;
}

void
rf_net_set_place_final (RfNet *net, guint id)
{
  g_return_if_fail (id < net->places->len);
  RfPlace *p = g_ptr_array_index (net->places, id);
  g_return_if_fail (p->kind == RF_PLACE_CONTROL);
  p->final = TRUE;
}

void
rf_net_set_place_activity (RfNet *net, guint id, const char *activity)
{
  g_return_if_fail (id < net->places->len);
  RfPlace *p = g_ptr_array_index (net->places, id);
  g_free (p->activity);
  p->activity = g_strdup (activity);
}

/* A normalised owned copy of a token vector; *n_out receives its length. */
static RfToken *
normalise (const RfToken *v, guint n, guint *n_out)
{
  g_autoptr (RfMarking) m = rf_marking_new (v, n);
  *n_out = m->n;
  return g_memdup2 (m->e, m->n * sizeof (RfToken));
}

guint
rf_net_add_transition (RfNet *net, const char *label, gint job, RfLoc loc,
                       const RfToken *pre, guint n_pre, const RfToken *post, guint n_post,
                       gint pc_from, gint pc_to, gint spawn)
{
  RfTransition *t = g_new0 (RfTransition, 1);
  t->id = net->transitions->len;
  t->label = g_strdup (label);
  t->job = job;
  t->loc = loc;
  t->pre = normalise (pre, n_pre, &t->n_pre);
  t->post = normalise (post, n_post, &t->n_post);
  for (guint i = 0; i < t->n_pre; i++)
    g_return_val_if_fail (t->pre[i].place < net->places->len, 0);
  for (guint i = 0; i < t->n_post; i++)
    g_return_val_if_fail (t->post[i].place < net->places->len, 0);
  t->pc_from = pc_from;
  t->pc_to = pc_to;
  t->spawn = spawn;
  t->waits_for = -1;
  t->ctx = -1;
  t->edge = -1;
  g_ptr_array_add (net->transitions, t);
  return t->id;
}

static int
guint_cmp (const void *a, const void *b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;
  return (x > y) - (x < y);
}

void
rf_net_set_transition_context (RfNet *net, guint t, gint ctx)
{
  g_return_if_fail (t < net->transitions->len && ctx >= -1);
  RfTransition *tr = g_ptr_array_index (net->transitions, t);
  tr->ctx = ctx;
}

void
rf_net_set_transition_edge (RfNet *net, guint t, gint edge)
{
  g_return_if_fail (t < net->transitions->len && edge >= -1);
  RfTransition *tr = g_ptr_array_index (net->transitions, t);
  tr->edge = edge;
}

void
rf_net_set_transition_waits_for (RfNet *net, guint t, guint lock)
{
  g_return_if_fail (t < net->transitions->len && lock < net->places->len);
  RfTransition *tr = g_ptr_array_index (net->transitions, t);
  g_return_if_fail (tr->pc_from >= 0);
  for (guint i = 0; i < tr->n_pre; i++)
    if (tr->pre[i].place == lock)
      {
        tr->waits_for = (gint) lock;
        return;
      }
  g_return_if_reached ();
}

void
rf_net_set_transition_blocks (RfNet *net, guint t)
{
  g_return_if_fail (t < net->transitions->len);
  RfTransition *tr = g_ptr_array_index (net->transitions, t);
  g_return_if_fail (tr->pc_from >= 0);
  tr->blocks = TRUE;
}

void
rf_net_set_transition_resets (RfNet *net, guint t, const guint *places, guint n)
{
  g_return_if_fail (t < net->transitions->len);
  for (guint i = 0; i < n; i++)
    g_return_if_fail (places[i] < net->places->len);
  RfTransition *tr = g_ptr_array_index (net->transitions, t);
  net->n_resets -= tr->n_resets;
  g_clear_pointer (&tr->resets, g_free);
  tr->n_resets = 0;
  if (n == 0)
    return;
  tr->resets = g_memdup2 (places, n * sizeof (guint));
  qsort (tr->resets, n, sizeof (guint), guint_cmp);
  for (guint i = 0; i < n; i++)
    if (tr->n_resets == 0 || tr->resets[tr->n_resets - 1] != tr->resets[i])
      tr->resets[tr->n_resets++] = tr->resets[i];
  net->n_resets += tr->n_resets;
}

guint
rf_net_add_job (RfNet *net, const char *name, gint entry)
{
  RfNetJob *j = g_new0 (RfNetJob, 1);
  j->name = g_strdup (name);
  j->entry = entry;
  g_ptr_array_add (net->jobs, j);
  return net->jobs->len - 1;
}

guint rf_net_n_places (const RfNet *net) { return net->places->len; }
guint rf_net_n_transitions (const RfNet *net) { return net->transitions->len; }
guint rf_net_n_jobs (const RfNet *net) { return net->jobs->len; }
guint rf_net_n_resets (const RfNet *net) { return net->n_resets; }

const RfPlace *
rf_net_get_place (const RfNet *net, guint id)
{
  g_return_val_if_fail (id < net->places->len, NULL);
  return g_ptr_array_index (net->places, id);
}

const RfTransition *
rf_net_get_transition (const RfNet *net, guint id)
{
  g_return_val_if_fail (id < net->transitions->len, NULL);
  return g_ptr_array_index (net->transitions, id);
}

const RfNetJob *
rf_net_get_job (const RfNet *net, guint id)
{
  g_return_val_if_fail (id < net->jobs->len, NULL);
  return g_ptr_array_index (net->jobs, id);
}

gint
rf_net_lookup_place (const RfNet *net, const char *name)
{
  return (gint) GPOINTER_TO_UINT (g_hash_table_lookup (net->by_name, name)) - 1;
}

gint
rf_net_find_var_place (const RfNet *net, RfPlaceKind kind, gint var)
{
  for (guint i = 0; i < net->places->len; i++)
    {
      const RfPlace *p = g_ptr_array_index (net->places, i);
      if (p->kind == kind && p->var == var)
        return i;
    }
  return -1;
}

void
rf_net_set_initial (RfNet *net, guint place, guint32 count)
{
  g_return_if_fail (place < net->places->len);
  g_array_index (net->initial, guint32, place) = count;
  g_array_index (net->omega, gboolean, place) = FALSE;
}

void
rf_net_set_initial_omega (RfNet *net, guint place)
{
  g_return_if_fail (place < net->places->len);
  g_array_index (net->omega, gboolean, place) = TRUE;
}

const guint32 *
rf_net_peek_initial (const RfNet *net)
{
  return (const guint32 *) net->initial->data;
}

const gboolean *
rf_net_peek_omega (const RfNet *net)
{
  return (const gboolean *) net->omega->data;
}

void
rf_net_add_invariant (RfNet *net, const RfToken *weights, guint n)
{
  for (guint i = 0; i < n; i++)
    g_return_if_fail (weights[i].place < net->places->len);
  g_ptr_array_add (net->invariants, rf_marking_new (weights, n));
}

void
rf_invariant_free (RfInvariant *inv)
{
  if (!inv)
    return;
  rf_marking_unref (inv->weights);
  g_free (inv);
}

/* TRUE when W is a P-invariant of NET: every transition's arcs keep the weighted sum.
 * A transition that resets a place of positive weight lowers it by what the place held
 * (*AT_MOST: then the sum is only bounded by the total; weights are never negative). */
static gboolean
preserved (const RfNet *net, const RfMarking *w, gboolean *at_most)
{
  *at_most = FALSE;
  for (guint t = 0; t < net->transitions->len; t++)
    {
      const RfTransition *tr = g_ptr_array_index (net->transitions, t);
      for (guint i = 0; i < tr->n_resets; i++)
        if (rf_marking_get (w, tr->resets[i]) > 0)
          *at_most = TRUE;
      gint64 delta = 0;
      for (guint i = 0; i < tr->n_post; i++)
        delta += (gint64) rf_marking_get (w, tr->post[i].place) * tr->post[i].count;
      for (guint i = 0; i < tr->n_pre; i++)
        delta -= (gint64) rf_marking_get (w, tr->pre[i].place) * tr->pre[i].count;
      if (delta != 0)
        return FALSE;
    }
  return TRUE;
}

GPtrArray *
rf_net_check_invariants (const RfNet *net)
{
  GPtrArray *ok = g_ptr_array_new_with_free_func ((GDestroyNotify) rf_invariant_free);
  for (guint k = 0; k < net->invariants->len; k++)
    {
      RfMarking *w = g_ptr_array_index (net->invariants, k);
      guint64 total = 0;
      gboolean omega = FALSE;
      for (guint i = 0; i < w->n; i++)
        {
          omega |= g_array_index (net->omega, gboolean, w->e[i].place);
          total += (guint64) w->e[i].count * g_array_index (net->initial, guint32, w->e[i].place);
        }
      gboolean at_most;
      if (omega || !preserved (net, w, &at_most))
        continue;
      RfInvariant *inv = g_new0 (RfInvariant, 1);
      inv->weights = rf_marking_ref (w);
      inv->total = total;
      inv->at_most = at_most;
      g_ptr_array_add (ok, inv);
    }
  return ok;
}

guint
rf_net_n_invariants (const RfNet *net)
{
  return net->invariants->len;
}

void
rf_net_add_rwlock_claim (RfNet *net, guint lock, const RfHold *holds)
{
  g_return_if_fail (lock < net->places->len);
  RwClaim *c = g_new0 (RwClaim, 1);
  c->lock = lock;
  c->n = net->places->len;
  c->holds = g_new0 (guint8, MAX (c->n, 1));
  for (guint p = 0; p < c->n; p++)
    c->holds[p] = (guint8) holds[p];
  g_ptr_array_add (net->rwlocks, c);
}

guint
rf_net_n_rwlock_claims (const RfNet *net)
{
  return net->rwlocks->len;
}

RfHold
rf_net_get_rwlock_hold (const RfNet *net, guint k, guint place)
{
  g_return_val_if_fail (k < net->rwlocks->len, RF_HOLD_NONE);
  const RwClaim *c = g_ptr_array_index (net->rwlocks, k);
  return place < c->n ? (RfHold) c->holds[place] : RF_HOLD_NONE;
}

guint
rf_net_get_rwlock_claim_lock (const RfNet *net, guint k)
{
  g_return_val_if_fail (k < net->rwlocks->len, 0);
  return ((const RwClaim *) g_ptr_array_index (net->rwlocks, k))->lock;
}

gboolean
rf_net_rwlock_excludes (const RfNet *net, guint a, guint b)
{
  for (guint k = 0; k < net->rwlocks->len; k++)
    {
      RfHold ha = rf_net_get_rwlock_hold (net, k, a), hb = rf_net_get_rwlock_hold (net, k, b);
      if (ha != RF_HOLD_NONE && hb != RF_HOLD_NONE && (ha == RF_HOLD_WRITE || hb == RF_HOLD_WRITE))
        return TRUE;
    }
  return FALSE;
}

/* Appends the token vector E[0..N) by place names, as rf_net_marking_to_string. */
static void
append_named (GString *s, const RfNet *net, const RfToken *e, guint n)
{
  g_string_append_c (s, '{');
  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append (s, ", ");
      g_string_append (s, rf_net_get_place (net, e[i].place)->name);
      if (e[i].count > 1)
        g_string_append_printf (s, "*%u", e[i].count);
    }
  g_string_append_c (s, '}');
}

char *
rf_net_marking_to_string (const RfNet *net, const RfMarking *m)
{
  GString *s = g_string_new (NULL);
  append_named (s, net, m->e, m->n);
  return g_string_free (s, FALSE);
}

char *
rf_net_transition_to_string (const RfNet *net, const RfTransition *t)
{
  GString *s = g_string_new (NULL);
  append_named (s, net, t->pre, t->n_pre);
  g_string_append (s, " -> ");
  append_named (s, net, t->post, t->n_post);
  if (t->n_resets > 0)
    {
      g_string_append (s, " reset {");
      for (guint i = 0; i < t->n_resets; i++)
        g_string_append_printf (s, "%s%s", i > 0 ? ", " : "", rf_net_get_place (net, t->resets[i])->name);
      g_string_append_c (s, '}');
    }
  return g_string_free (s, FALSE);
}

RfMarking *
rf_net_transition_pre (const RfTransition *t, const RfMarking *m)
{
  return rf_marking_pre (m, t->pre, t->n_pre, t->post, t->n_post, t->resets, t->n_resets);
}

gboolean
rf_net_transition_fire_dense (const RfTransition *t, guint32 *dense)
{
  return rf_marking_fire_dense (dense, t->pre, t->n_pre, t->post, t->n_post, t->resets, t->n_resets);
}
