/* rf-program: the program model shared by the SML and C front ends. */
#include "rf-program.h"

#include <string.h>

/* RfProgram: vars and jobs indexed by id (= position). Names are unique per kind;
 * the lookup tables map name -> id + 1 (0 = absent). */
struct _RfProgram {
  GPtrArray *vars;    /* RfVar*, owned */
  GPtrArray *jobs;    /* RfJob*, owned */
  GHashTable *var_by_name;  /* borrowed name -> GUINT_TO_POINTER (id + 1) */
  GHashTable *job_by_name;
  GHashTable *notes; /* site key (var, file, line, col) -> GPtrArray of char*, owned,
                      * the texts added for that site in order, no two equal */
  GPtrArray *unfollowed;  /* Note* (var unused), owned, in the order added; one per loc */
  GArray *contexts;   /* RfContext by id (fn owned) */
  GHashTable *context_ids;  /* key "parent file line col shared fn" (owned) -> id + 1 */
  GArray *handles;    /* RfHandle, in the order noted, one per exited semaphore */
  gint detached_any;  /* semaphore var, or -1 (rf_program_set_detached_any) */
};

/* Note: a remark on the accesses of var at loc (see rf_program_add_note). */
typedef struct {
  guint var;
  RfLoc loc;
  char *text;
} Note;

static void
note_free (gpointer p)
{
  Note *n = p;
  g_free (n->text);
  g_free (n);
}

static gboolean
same_loc (RfLoc a, RfLoc b)
{
  return a.line == b.line && a.col == b.col && g_strcmp0 (a.file, b.file) == 0;
}

/* The key of the notes of var at loc. */
static char *
note_key (guint var, RfLoc loc)
{
  return g_strdup_printf ("%u:%u:%u:%s", var, loc.line, loc.col, loc.file ? loc.file : "");
}

void
rf_program_add_note (RfProgram *prog, guint var, RfLoc loc, const char *text)
{
  char *key = note_key (var, loc);
  GPtrArray *texts = g_hash_table_lookup (prog->notes, key);
  if (!texts)
    {
      texts = g_ptr_array_new_with_free_func (g_free);
      g_hash_table_insert (prog->notes, key, texts);
    }
  else
    g_free (key);
  for (guint i = 0; i < texts->len; i++)
    if (strcmp (g_ptr_array_index (texts, i), text) == 0)
      return;
  g_ptr_array_add (texts, g_strdup (text));
}

void
rf_program_set_one_of_many (RfProgram *prog, guint var)
{
  g_return_if_fail (var < prog->vars->len);
  ((RfVar *) g_ptr_array_index (prog->vars, var))->one_of_many = TRUE;
}

void
rf_program_set_spin (RfProgram *prog, guint var)
{
  g_return_if_fail (var < prog->vars->len);
  ((RfVar *) g_ptr_array_index (prog->vars, var))->spin = TRUE;
}

void
rf_program_add_unfollowed (RfProgram *prog, RfLoc loc, const char *why)
{
  for (guint i = 0; i < prog->unfollowed->len; i++)
    if (same_loc (((const Note *) g_ptr_array_index (prog->unfollowed, i))->loc, loc))
      return;
  Note *n = g_new0 (Note, 1);
  n->loc = loc;
  n->text = g_strdup (why);
  g_ptr_array_add (prog->unfollowed, n);
}

guint
rf_program_n_unfollowed (const RfProgram *prog)
{
  return prog->unfollowed->len;
}

const char *
rf_program_get_unfollowed (const RfProgram *prog, guint i, RfLoc *loc)
{
  const Note *n = g_ptr_array_index (prog->unfollowed, i);
  if (loc)
    *loc = n->loc;
  return n->text;
}

void
rf_program_note_handle (RfProgram *prog, const RfHandle *h)
{
  g_return_if_fail (h && h->exited < prog->vars->len);
  for (guint i = 0; i < prog->handles->len; i++)
    {
      RfHandle *o = &g_array_index (prog->handles, RfHandle, i);
      if (o->exited != h->exited)
        continue;
      if (h->detached >= 0)
        o->detached = h->detached;
      if (h->detached_self >= 0)
        o->detached_self = h->detached_self;
      o->scope = MIN (o->scope, h->scope);
      return;
    }
  g_array_append_val (prog->handles, *h);
}

guint
rf_program_n_handles (const RfProgram *prog)
{
  return prog->handles->len;
}

const RfHandle *
rf_program_get_handle (const RfProgram *prog, guint i)
{
  g_return_val_if_fail (i < prog->handles->len, NULL);
  return &g_array_index (prog->handles, RfHandle, i);
}

const RfHandle *
rf_program_lookup_handle (const RfProgram *prog, guint sem)
{
  for (guint i = 0; i < prog->handles->len; i++)
    if (g_array_index (prog->handles, RfHandle, i).exited == sem)
      return &g_array_index (prog->handles, RfHandle, i);
  return NULL;
}

void
rf_program_set_detached_any (RfProgram *prog, guint sem)
{
  g_return_if_fail (sem < prog->vars->len);
  prog->detached_any = (gint) sem;
}

gint
rf_program_get_detached_any (const RfProgram *prog)
{
  return prog->detached_any;
}

GPtrArray *
rf_program_notes_at (const RfProgram *prog, guint var, RfLoc loc)
{
  GPtrArray *out = g_ptr_array_new ();
  g_autofree char *key = note_key (var, loc);
  const GPtrArray *texts = g_hash_table_lookup (prog->notes, key);
  for (guint i = 0; texts && i < texts->len; i++)
    g_ptr_array_add (out, g_ptr_array_index (texts, i));
  return out;
}

static void
var_free (gpointer p)
{
  RfVar *v = p;
  g_free (v->name);
  g_free (v->values);
  g_free (v);
}

static void
edge_clear (gpointer p)
{
  RfEdge *e = p;
  g_free (e->text);
}

static void
job_free (gpointer p)
{
  RfJob *j = p;
  g_free (j->name);
  g_free (j->call);
  g_array_unref (j->nodes);
  g_array_unref (j->edges);
  g_free (j);
}

RfProgram *
rf_program_new (void)
{
  RfProgram *prog = g_new0 (RfProgram, 1);
  prog->vars = g_ptr_array_new_with_free_func (var_free);
  prog->jobs = g_ptr_array_new_with_free_func (job_free);
  prog->var_by_name = g_hash_table_new (g_str_hash, g_str_equal);
  prog->job_by_name = g_hash_table_new (g_str_hash, g_str_equal);
  prog->notes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_ptr_array_unref);
  prog->unfollowed = g_ptr_array_new_with_free_func (note_free);
  prog->contexts = g_array_new (FALSE, FALSE, sizeof (RfContext));
  prog->context_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  prog->handles = g_array_new (FALSE, FALSE, sizeof (RfHandle));
  prog->detached_any = -1;
  return prog;
}

void
rf_program_free (RfProgram *prog)
{
  if (!prog)
    return;
  g_hash_table_unref (prog->var_by_name);
  g_hash_table_unref (prog->job_by_name);
  g_ptr_array_unref (prog->vars);
  g_ptr_array_unref (prog->jobs);
  g_hash_table_unref (prog->notes);
  g_ptr_array_unref (prog->unfollowed);
  for (guint i = 0; i < prog->contexts->len; i++)
    g_free (g_array_index (prog->contexts, RfContext, i).fn);
  g_array_unref (prog->contexts);
  g_hash_table_unref (prog->context_ids);
  g_array_unref (prog->handles);
  g_free (prog);
}

guint
rf_program_add_var (RfProgram *prog, const char *name, RfVarKind kind, RfLoc loc)
{
  RfVar *v = g_new0 (RfVar, 1);
  v->id = prog->vars->len;
  v->name = g_strdup (name);
  v->kind = kind;
  v->loc = loc;
  v->guard = -1;
  g_ptr_array_add (prog->vars, v);
  g_hash_table_insert (prog->var_by_name, v->name, GUINT_TO_POINTER (v->id + 1));
  return v->id;
}

guint
rf_program_add_value (RfProgram *prog, const char *name, RfLoc loc, const gint64 *values, guint n, guint init,
                      gint guard)
{
  g_return_val_if_fail (n >= 1 && n <= RF_VALUE_MAX && init < n, 0);
  guint id = rf_program_add_var (prog, name, RF_VAR_VALUE, loc);
  RfVar *v = g_ptr_array_index (prog->vars, id);
  v->values = g_memdup2 (values, n * sizeof (gint64));
  v->n_values = n;
  v->init = init;
  v->guard = guard;
  return id;
}

gint
rf_program_value_index (const RfProgram *prog, guint var, gint64 val)
{
  const RfVar *v = rf_program_get_var (prog, var);
  for (guint i = 0; v && i < v->n_values; i++)
    if (v->values[i] == val)
      return (gint) i;
  return -1;
}

void
rf_program_forget_value (RfProgram *prog, guint var)
{
  RfVar *v = g_ptr_array_index (prog->vars, var);
  v->forgotten = TRUE;
  for (guint j = 0; j < prog->jobs->len; j++)
    {
      RfJob *job = g_ptr_array_index (prog->jobs, j);
      for (guint i = 0; i < job->edges->len; i++)
        {
          RfEdge *e = &g_array_index (job->edges, RfEdge, i);
          if (e->op == RF_OP_VALUE && e->arg == (gint) var)
            {
              e->op = RF_OP_SKIP;
              e->arg = e->arg2 = -1;
            }
        }
    }
}

guint
rf_program_n_vars (const RfProgram *prog)
{
  return prog->vars->len;
}

const RfVar *
rf_program_get_var (const RfProgram *prog, guint id)
{
  g_return_val_if_fail (id < prog->vars->len, NULL);
  return g_ptr_array_index (prog->vars, id);
}

gint
rf_program_lookup_var (const RfProgram *prog, const char *name)
{
  return (gint) GPOINTER_TO_UINT (g_hash_table_lookup (prog->var_by_name, name)) - 1;
}

guint
rf_program_add_job (RfProgram *prog, const char *name, RfLoc loc, RfStartKind start, guint count)
{
  RfJob *j = g_new0 (RfJob, 1);
  j->id = prog->jobs->len;
  j->name = g_strdup (name);
  j->loc = loc;
  j->start = start;
  j->count = count;
  j->exit = -1;
  j->nodes = g_array_new (FALSE, TRUE, sizeof (RfLoc));
  j->edges = g_array_new (FALSE, TRUE, sizeof (RfEdge));
  g_array_set_clear_func (j->edges, edge_clear);
  g_ptr_array_add (prog->jobs, j);
  g_hash_table_insert (prog->job_by_name, j->name, GUINT_TO_POINTER (j->id + 1));
  return j->id;
}

guint
rf_program_n_jobs (const RfProgram *prog)
{
  return prog->jobs->len;
}

RfJob *
rf_program_get_job (const RfProgram *prog, guint id)
{
  g_return_val_if_fail (id < prog->jobs->len, NULL);
  return g_ptr_array_index (prog->jobs, id);
}

gint
rf_program_lookup_job (const RfProgram *prog, const char *name)
{
  return (gint) GPOINTER_TO_UINT (g_hash_table_lookup (prog->job_by_name, name)) - 1;
}

guint
rf_job_add_node (RfJob *job, RfLoc loc)
{
  g_array_append_val (job->nodes, loc);
  return job->nodes->len - 1;
}

void
rf_job_add_edge (RfJob *job, guint from, guint to, RfOpKind op, gint arg, gint arg2, RfLoc loc, const char *text)
{
  RfEdge e = { from, to, op, arg, arg2, loc, g_strdup (text), -1 };
  g_array_append_val (job->edges, e);
}

guint
rf_program_add_context (RfProgram *prog, gint parent, const char *fn, RfLoc call, gboolean shared)
{
  g_return_val_if_fail (parent < (gint) prog->contexts->len && fn, 0);
  /* the file name is interned: its address names it */
  char *key = g_strdup_printf ("%d %p %u %u %d %s", parent, (const void *) call.file, call.line, call.col,
                               shared ? 1 : 0, fn);
  gpointer id = g_hash_table_lookup (prog->context_ids, key);
  if (id)
    {
      g_free (key);
      return GPOINTER_TO_UINT (id) - 1;
    }
  RfContext c = { parent, g_strdup (fn), call, shared };
  g_array_append_val (prog->contexts, c);
  g_hash_table_insert (prog->context_ids, key, GUINT_TO_POINTER (prog->contexts->len));
  return prog->contexts->len - 1;
}

guint
rf_program_n_contexts (const RfProgram *prog)
{
  return prog->contexts->len;
}

const RfContext *
rf_program_get_context (const RfProgram *prog, guint id)
{
  g_return_val_if_fail (id < prog->contexts->len, NULL);
  return &g_array_index (prog->contexts, RfContext, id);
}

GArray *
rf_program_stack (const RfProgram *prog, gint ctx, RfLoc at, gboolean *shared)
{
  GArray *stack = g_array_new (FALSE, FALSE, sizeof (RfStackFrame));
  gboolean sh = FALSE;
  /* parents have smaller ids (a context is added after its parent): the walk ends */
  while (ctx >= 0 && (guint) ctx < prog->contexts->len)
    {
      const RfContext *c = &g_array_index (prog->contexts, RfContext, ctx);
      RfStackFrame f = { c->fn, at };
      g_array_append_val (stack, f);
      sh = c->shared;
      at = c->call;
      ctx = c->parent;
    }
  if (shared)
    *shared = sh;
  return stack;
}

char *
rf_program_edge_to_string (const RfProgram *prog, const RfEdge *e)
{
  if (e->text)
    return g_strdup (e->text);
  const char *a = NULL;
  if (e->op == RF_OP_CREATE || e->op == RF_OP_JOINALL)
    a = rf_program_get_job (prog, e->arg)->name;
  else if (e->arg >= 0)
    a = rf_program_get_var (prog, e->arg)->name;
  switch (e->op)
    {
    case RF_OP_SKIP: return g_strdup ("skip");
    case RF_OP_READ: return g_strdup_printf ("read %s", a);
    case RF_OP_WRITE: return g_strdup_printf ("write %s", a);
    case RF_OP_ACQUIRE: return g_strdup_printf ("acquire %s", a);
    case RF_OP_RELEASE: return g_strdup_printf ("release %s", a);
    case RF_OP_WAIT:
      return g_strdup_printf ("wait %s, %s", a, rf_program_get_var (prog, e->arg2)->name);
    case RF_OP_SIGNAL: return g_strdup_printf ("signal %s", a);
    case RF_OP_BROADCAST: return g_strdup_printf ("broadcast %s", a);
    case RF_OP_CREATE: return g_strdup_printf ("create %s", a);
    case RF_OP_POST: return g_strdup_printf ("post %s", a);
    case RF_OP_TAKE: return g_strdup_printf ("take %s", a);
    case RF_OP_RDLOCK: return g_strdup_printf ("rdlock %s", a);
    case RF_OP_WRLOCK: return g_strdup_printf ("wrlock %s", a);
    case RF_OP_RWUNLOCK: return g_strdup_printf ("unlock %s", a);
    case RF_OP_VALUE:
      {
        const RfVar *v = rf_program_get_var (prog, e->arg);
        gint64 from = v->values[e->arg2 / v->n_values], to = v->values[e->arg2 % v->n_values];
        return from == to ? g_strdup_printf ("test %s == %" G_GINT64_FORMAT, a, from)
                          : g_strdup_printf ("set %s = %" G_GINT64_FORMAT " from %" G_GINT64_FORMAT, a, to, from);
      }
    case RF_OP_JOINALL:
      return e->arg2 >= 0 ? g_strdup_printf ("joinall %s, %s", a, rf_program_get_var (prog, e->arg2)->name)
                          : g_strdup_printf ("joinall %s", a);
    case RF_OP_SLEEP: return g_strdup ("sleep");
    }
  g_assert_not_reached ();
}

static gboolean
var_has_kind (const RfProgram *prog, gint id, RfVarKind kind)
{
  return id >= 0 && (guint) id < prog->vars->len && rf_program_get_var (prog, id)->kind == kind;
}

gboolean
rf_program_is_valid (const RfProgram *prog)
{
  for (guint j = 0; j < prog->jobs->len; j++)
    {
      const RfJob *job = g_ptr_array_index (prog->jobs, j);
      if (job->nodes->len == 0 || job->entry >= job->nodes->len)
        return FALSE;
      for (guint i = 0; i < job->edges->len; i++)
        {
          const RfEdge *e = &g_array_index (job->edges, RfEdge, i);
          if (e->from >= job->nodes->len || e->to >= job->nodes->len
              || e->ctx < -1 || e->ctx >= (gint) prog->contexts->len)
            return FALSE;
          switch (e->op)
            {
            case RF_OP_SKIP: case RF_OP_SLEEP: break;
            case RF_OP_READ: case RF_OP_WRITE:
              if (!var_has_kind (prog, e->arg, RF_VAR_DATA)) return FALSE;
              break;
            case RF_OP_ACQUIRE: case RF_OP_RELEASE:
              if (!var_has_kind (prog, e->arg, RF_VAR_LOCK)) return FALSE;
              break;
            case RF_OP_WAIT:
              if (!var_has_kind (prog, e->arg, RF_VAR_COND) || !var_has_kind (prog, e->arg2, RF_VAR_LOCK))
                return FALSE;
              break;
            case RF_OP_SIGNAL: case RF_OP_BROADCAST:
              if (!var_has_kind (prog, e->arg, RF_VAR_COND)) return FALSE;
              break;
            case RF_OP_CREATE:
              if (e->arg < 0 || (guint) e->arg >= prog->jobs->len) return FALSE;
              break;
            case RF_OP_JOINALL:
              if (e->arg < 0 || (guint) e->arg >= prog->jobs->len) return FALSE;
              if (e->arg2 >= 0 && !var_has_kind (prog, e->arg2, RF_VAR_SEM)) return FALSE;
              break;
            case RF_OP_POST: case RF_OP_TAKE:
              if (!var_has_kind (prog, e->arg, RF_VAR_SEM)) return FALSE;
              break;
            case RF_OP_RDLOCK: case RF_OP_WRLOCK: case RF_OP_RWUNLOCK:
              if (!var_has_kind (prog, e->arg, RF_VAR_RWLOCK)) return FALSE;
              break;
            case RF_OP_VALUE:
              {
                if (!var_has_kind (prog, e->arg, RF_VAR_VALUE)) return FALSE;
                guint n = rf_program_get_var (prog, e->arg)->n_values;
                if (e->arg2 < 0 || (guint) e->arg2 >= n * n) return FALSE;
              }
              break;
            }
        }
    }
  return TRUE;
}
