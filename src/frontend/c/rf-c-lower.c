/* rf-c-lower: a parsed C unit lowered to the program model (job types, CFGs, accesses).
 *
 * Approach. A pre-pass over every function body and global initializer finds the
 * objects that pointers may reach: globals and statics whose address is taken
 * (arrays, and array members, that decay included), locals whose address escapes
 * (anything but a direct argument of a known libc function, save the first
 * argument of one handing out a pointer into it and a value an atomic operation
 * stores), heap allocation sites (typed by the pointer they are assigned to), and
 * address-taken functions. Each such object becomes a root: an object of rf-c-object.h
 * (shared with the points-to analysis) that the lowering names; a place is one of its
 * locations (`q.head`, `buf[]`). Then every job type is lowered by walking its
 * function body with a current CFG node: calls to functions with a body are inlined
 * (a Frame per call, binding parameters to the argument expressions), conditions
 * become SKIP branches after the reads they contain, and every read and write of a
 * location becomes a READ/WRITE edge.
 *
 * Points-to. After the pre-pass, a whole-program points-to analysis (rf-c-points.h:
 * inclusion-based, flow- and context-insensitive, field-sensitive) gives every
 * pointer expression the set of locations it may point to, or says the set is not
 * complete (something it cannot follow may have flowed in). It also resolves calls
 * through function pointers and start routines given by pointer.
 *
 * Pointers. `*p`, `p->f`, `p[i]` (deref) resolve, first that applies: a known
 * address (`&x`, an array, `q + i` of one); a variable's alias, resolved in turn (a
 * parameter bound to its argument by inlining, a local initialised once and never
 * assigned) unless that needs a guess by type; a start routine's parameter bound to
 * the places pthread_create's argument resolved to exactly (threads whose arguments
 * differ get job types of their own); the complete points-to set; else by type:
 * every address-taken object (or subobject) of a compatible type, and every heap
 * object of unknown type. The type guess assumes the program respects C's
 * effective-type rules (strict aliasing); character and void pointers match every
 * object. Every answer is seen at the pointer's target type: a place of another type
 * stands for its subobjects of that type, else its whole object (container_of). A
 * lock gives mutual exclusion only when its expression resolves to exactly one
 * location of a non-summary object.
 *
 * Module objects. An entry's `struct T *` parameter, when T holds a lock, stands
 * either for one representative client object (exact: its lock excludes) or for any
 * other (its accesses are not the representative's): each entry becomes one job type
 * per choice (track_params); every other way to reach a client object reaches the
 * summary `struct T`, which has the representative's location names.
 *
 * Soundness: every approximation adds behaviour (more branches, more accesses,
 * less exclusion); those a user may want to know about are reported as warnings.
 * Constructs that cannot be over-approximated (inline asm, setjmp/longjmp, fork) are
 * errors.
 *
 * This file: the entry point (rf_c_lower), the roots of the program model, the CFG
 * under construction, and accesses. The other files are listed in rf-c-lower-private.h. */
#include "rf-c-lower-private.h"

#include <string.h>

/* ---- diagnostics ---- */

static void
no_excl_clear (gpointer p)
{
  NoExcl *x = p;
  g_free (x->key);
  g_free (x->reason);
}

void
lower_warn (Lower *L, RfLoc loc, const char *key, const char *fmt, ...)
{
  if (key && g_hash_table_contains (L->warned, key))
    return;
  if (key)
    g_hash_table_add (L->warned, g_strdup (key));
  va_list ap;
  va_start (ap, fmt);
  rf_diags_addv (L->diags, RF_DIAG_WARNING, loc, fmt, ap);
  va_end (ap);
}

void
lower_error (Lower *L, RfLoc loc, const char *fmt, ...)
{
  g_autofree char *key = g_strdup_printf ("E%s:%u:%u", loc.file ? loc.file : "", loc.line, loc.col);
  if (g_hash_table_contains (L->warned, key))
    return;
  g_hash_table_add (L->warned, g_steal_pointer (&key));
  va_list ap;
  va_start (ap, fmt);
  rf_diags_addv (L->diags, RF_DIAG_ERROR, loc, fmt, ap);
  va_end (ap);
}

/* ---- roots ---- */

/* O made a root named NAME (a summary when SUMMARY), declared at LOC (the declaration
 * the lowering met first, for an object with several), unless it is one already. Names
 * are unique: a second static of the same name gets the file and line of LOC. */
static RfCObj *
lower_root_name (Lower *L, RfCObj *o, const char *name, gboolean summary, RfLoc loc)
{
  if (o->name)
    return o;
  char *n = g_strdup (name);
  for (guint i = 0; i < L->roots->len; i++)
    if (strcmp (((RfCObj *) g_ptr_array_index (L->roots, i))->name, n) == 0)
      {
        g_free (n);
        n = g_strdup_printf ("%s@%s:%u", name, loc.file ? loc.file : "?", loc.line);
        break;
      }
  o->name = n;
  o->summary = summary;
  o->loc = loc;
  g_ptr_array_add (L->roots, o);
  return o;
}

/* The root of KIND and KEY, made (of TYPE, made at LOC, named NAME) when missing. */
RfCObj *
lower_root_add (Lower *L, RfCObjKind kind, gconstpointer key, const char *name, CType *type, gboolean summary, RfLoc loc)
{
  return lower_root_name (L, rf_c_objects_get (L->objs, kind, key, type, loc), name, summary, loc);
}

/* The root of KIND and KEY, or NULL when there is none (no object, or one the lowering
 * did not name). */
RfCObj *
lower_root_find (Lower *L, RfCObjKind kind, gconstpointer key)
{
  RfCObj *o = rf_c_objects_find (L->objs, kind, key);
  return o && o->name ? o : NULL;
}

/* The root of object D referenced in function FN, or NULL when it is thread-private
 * (a local that does not escape, a thread-local whose address does not escape: once
 * it does, another thread may reach this thread's copy, and one location stands for
 * the copies of every thread). */
RfCObj *
lower_root_of_decl (Lower *L, CDecl *d, CDecl *fn)
{
  if (!d || (d->kind != C_DECL_VAR && d->kind != C_DECL_PARAM)
      || (d->thread_local && !g_hash_table_contains (L->pre.escaped, d)))
    return NULL;
  const char *fname = fn && fn->name ? fn->name : "?";
  if (c_is_static_object (d))
    {
      RfCObj *o = rf_c_objects_var (L->objs, d, fn);
      if (d->storage != C_STORAGE_STATIC || d->file_scope)
        return lower_root_name (L, o, d->name, FALSE, d->loc);
      g_autofree char *n = g_strdup_printf ("static@%s:%s", fname, d->name);
      return lower_root_name (L, o, n, FALSE, d->loc);
    }
  if (!g_hash_table_contains (L->pre.escaped, d))
    return NULL;
  /* its address is taken, but only ever held in this thread's locals and parameters */
  if (L->pts && !rf_c_points_local_shared (L->pts, d))
    return NULL;
  g_autofree char *n = g_strdup_printf ("local@%s:%s", fname, d->name);
  RfCObj *r = lower_root_name (L, rf_c_objects_var (L->objs, d, fn), n, !(strcmp (fname, "main") == 0 && !L->module),
                         d->loc);
  r->reachable = TRUE;
  return r;
}

/* The name of client root `struct T` (owned) for type T (typedefs stripped), or NULL
 * when T is not a tagged struct or union. */
char *
lower_client_name (Lower *L, CType *t)
{
  t = strip (L, t);
  if (!t || (t->kind != C_TYPE_STRUCT && t->kind != C_TYPE_UNION) || !t->tag || !t->tag->name)
    return NULL;
  return g_strdup_printf ("%s %s", t->kind == C_TYPE_STRUCT ? "struct" : "union", t->tag->name);
}

/* The client root `struct T` for objects of type T (module mode), or NULL. */
RfCObj *
lower_client_root (Lower *L, CType *t)
{
  g_autofree char *n = lower_client_name (L, t);
  return n ? lower_root_find (L, RF_C_OBJ_CLIENT, g_intern_string (n)) : NULL;
}

/* R is `client memory` or `external memory`: untyped objects the program does not
 * name, made by its clients or by code without a body. */
gboolean
lower_untyped_memory (Lower *L, RfCObj *r)
{
  return r->kind == RF_C_OBJ_EXTERNAL || (r->kind == RF_C_OBJ_CLIENT && r->key == g_intern_string ("$client"));
}

/* The client root `struct T` of entry parameter P of type `T *`, or NULL. */
RfCObj *
lower_param_client (Lower *L, CDecl *p)
{
  return lower_client_root (L, pointee (L, p->type));
}

/* ---- the CFG ---- */

guint
lower_node (Lower *L, RfLoc loc)
{
  return rf_job_add_node (L->job, loc);
}

void
lower_edge (Lower *L, guint from, guint to, RfOpKind op, gint arg, gint arg2, RfLoc loc, const char *text)
{
  rf_job_add_edge (L->job, from, to, op, arg, arg2, loc, text);
  if (L->frame)
    g_array_index (L->job->edges, RfEdge, L->job->edges->len - 1).ctx = (gint) L->frame->ctx;
}

/* Appends OP at the current node and moves on. */
void
lower_emit (Lower *L, RfOpKind op, gint arg, gint arg2, RfLoc loc, const char *text)
{
  lower_async_cancel_point (L, loc);
  guint n = lower_node (L, loc);
  lower_edge (L, L->cur, n, op, arg, arg2, loc, text);
  L->cur = n;
}

/* Records the last edge added to the current job as a lock operation that gives no
 * exclusion (see NoExcl). */
void
lower_no_excl (Lower *L, gboolean take, const char *key, const char *reason)
{
  if (!reason)
    return;
  NoExcl x = { L->job->id, L->job->edges->len - 1, take, g_strdup (key), g_strdup (reason) };
  g_array_append_val (L->sync.no_excl, x);
}

/* Asynchronous cancellation (the program cancels threads and sets a cancel type): a
 * thread may end at any instruction, holding what it holds. Ending between two
 * operations of the model is ending before the next one (what lies between touches
 * nothing shared), so an edge to the thread's end before every operation and every
 * access is every place it may end. */
void
lower_async_cancel_point (Lower *L, RfLoc loc)
{
  if (L->pre.cancels && L->pre.async_cancels && !L->quiet && L->exit_node != L->cur
      && !lower_unwind (L, loc, "cancelled (asynchronous)"))
    lower_edge (L, L->cur, L->exit_node, RF_OP_SKIP, -1, -1, loc, "cancelled (asynchronous)");
}

/* After return/break/goto: code that follows is unreachable. */
void
lower_dead (Lower *L, RfLoc loc)
{
  L->cur = lower_node (L, loc);
}

gint
lower_var (Lower *L, const char *name, RfVarKind kind, RfLoc loc)
{
  gint id = rf_program_lookup_var (L->prog, name);
  if (id < 0)
    return (gint) rf_program_add_var (L->prog, name, kind, loc);
  if (rf_program_get_var (L->prog, id)->kind != kind)
    return -1;
  return id;
}

/* ---- accesses ---- */

/* The data leaves of the place (R, PATH) of TYPE, appended to OUT: struct fields,
 * array elements, unions whole; pthread objects are not data. */
static void
leaves (Lower *L, RfCObj *r, const char *path, CType *type, GPtrArray *out, int depth)
{
  if (rf_c_type_sync_kind (type))
    return;
  CType *t = strip (L, type);
  if (depth > 8 || !t)
    {
      g_ptr_array_add (out, (gpointer) rf_c_objects_loc (L->objs, r, path));
      return;
    }
  if (t->kind == C_TYPE_ARRAY)
    {
      g_autofree char *p = g_strconcat (path, "[]", NULL);
      leaves (L, r, p, t->base, out, depth + 1);
      return;
    }
  if (t->kind == C_TYPE_STRUCT && t->tag && t->tag->members)
    {
      for (guint i = 0; i < t->tag->members->len; i++)
        {
          CDecl *m = g_ptr_array_index (t->tag->members, i);
          if (!m->name)
            {
              if (!m->bit_width)
                leaves (L, r, path, m->type, out, depth + 1);
            }
          else if (strcmp (rf_c_objects_bitfield_head (L->objs, t, m->name), m->name) == 0)
            {
              g_autofree char *p = g_strconcat (path, ".", m->name, NULL);
              leaves (L, r, p, m->type, out, depth + 1);
            }
        }
      return;
    }
  g_ptr_array_add (out, (gpointer) rf_c_objects_loc (L->objs, r, path));
}

/* One access of every leaf of P (in sequence), from the current node to TO. */
static void
access_place (Lower *L, const RfCLoc *p, int mode, gboolean atomic, RfLoc loc, guint to)
{
  g_autoptr (GPtrArray) lv = places_new ();
  leaves (L, p->obj, p->path, p->type, lv, 0);
  if (lv->len == 0)
    {
      lower_edge (L, L->cur, to, RF_OP_SKIP, -1, -1, loc, NULL);
      return;
    }
  for (guint i = 0; i < lv->len; i++)
    {
      const RfCLoc *q = g_ptr_array_index (lv, i);
      g_autofree char *name = place_name (q);
      gint v = lower_var (L, name, RF_VAR_DATA, p->obj->loc);
      gboolean at = atomic || rf_c_type_is_atomic (q->type);
      gint lk = -1;
      g_autofree char *lname = g_strconcat ("atomic$", name, NULL);
      g_autofree char *t1 = g_strdup_printf ("atomic access to %s: begin", name);
      g_autofree char *t2 = g_strdup_printf ("atomic access to %s: end", name);
      if (v < 0)
        {
          /* The same name is a lock elsewhere (a union holding a mutex): no access
           * can be modelled on it; say so. */
          lower_error (L, loc, "unsupported: '%s' is used both as a lock and as data", name);
          continue;
        }
      if (at)
        {
          lk = lower_var (L, lname, RF_VAR_LOCK, p->obj->loc);
          lower_emit (L, RF_OP_ACQUIRE, lk, -1, loc, t1);
        }
      gboolean last = i + 1 == lv->len;
      if (mode & ACC_READ)
        {
          if ((mode & ACC_WRITE) || at || !last)
            lower_emit (L, RF_OP_READ, v, -1, loc, NULL);
          else
            {
              lower_edge (L, L->cur, to, RF_OP_READ, v, -1, loc, NULL);
              L->cur = to;
            }
        }
      if (mode & ACC_WRITE)
        {
          if (at || !last)
            lower_emit (L, RF_OP_WRITE, v, -1, loc, NULL);
          else
            {
              lower_edge (L, L->cur, to, RF_OP_WRITE, v, -1, loc, NULL);
              L->cur = to;
            }
        }
      if (at)
        {
          if (last)
            {
              lower_edge (L, L->cur, to, RF_OP_RELEASE, lk, -1, loc, t2);
              L->cur = to;
            }
          else
            lower_emit (L, RF_OP_RELEASE, lk, -1, loc, t2);
        }
    }
  if (L->cur != to)
    {
      lower_edge (L, L->cur, to, RF_OP_SKIP, -1, -1, loc, NULL);
      L->cur = to;
    }
}

/* An access to one of PLACES (a choice between them). */
void
lower_access (Lower *L, GPtrArray *places, int mode, gboolean atomic, RfLoc loc)
{
  if (L->quiet || !places)
    return;
  /* objects private to their thread are never shared */
  for (guint i = places->len; i-- > 0;)
    if (((const RfCLoc *) g_ptr_array_index (places, i))->obj->private_)
      g_ptr_array_remove_index (places, i);
  if (places->len == 0)
    return;
  lower_async_cancel_point (L, loc);
  guint start = L->cur;
  guint join = lower_node (L, loc);
  for (guint i = 0; i < places->len; i++)
    {
      L->cur = start;
      access_place (L, g_ptr_array_index (places, i), mode, atomic, loc, join);
    }
  L->cur = join;
}

/* ---- the unit: functions, entries, the lowering ---- */

static void
lower_collect_functions (Lower *L)
{
  for (guint i = 0; i < L->decls->len; i++)
    {
      CDecl *d = g_ptr_array_index (L->decls, i);
      if (d->kind == C_DECL_FUNC && d->body && d->name)
        {
          CDecl *other = g_hash_table_lookup (L->funcs, d->name);
          if (!other)
            g_hash_table_insert (L->funcs, (gpointer) d->name, d);
          else if (other != d && !d->in_system)
            lower_error (L, d->loc, "unsupported: a second function named '%s' (first defined at %s:%u)",
                      d->name, other->loc.file, other->loc.line);
        }
    }
}

/* The functions an initializer names (as `f` or `&f`, through casts).
 * FunctionsNamed: init_functions' state. out: CDecl* (borrowed), in order found. */
typedef struct {
  Lower *L;
  GPtrArray *out;
} FunctionsNamed;

static CVisitResult
named_function (CExpr *e, gpointer data)
{
  FunctionsNamed *fn = data;
  CExpr *p = c_peel (e);
  if (p && p->kind == C_EXPR_UNARY && p->op == C_OP_ADDR)
    p = c_peel (p->a);
  if (p && p->kind == C_EXPR_IDENT && p->decl && p->decl->kind == C_DECL_FUNC)
    {
      CDecl *def = lower_func_def (fn->L, p->text);
      if (def && !def->in_system && !g_ptr_array_find (fn->out, def, NULL))
        g_ptr_array_add (fn->out, def);
    }
  return C_VISIT_SKIP;  /* only the initializer's own values: `f` or `&f` */
}

static void
init_functions (Lower *L, CInit *in, GPtrArray *out)
{
  FunctionsNamed fn = { L, out };
  CVisitor v = { .expr = named_function, .data = &fn };
  c_visit_init (&v, in);
}

/* Module mode without --entry: clients may also call the functions a global with
 * external linkage names in its initializer (an operations table such as `const struct
 * ops queue_ops = { queue_push_impl, ... }`, static functions included): they are
 * entries too (warning). */
static void
exported_function_entries (Lower *L, GPtrArray *entries)
{
  for (guint i = 0; i < L->decls->len; i++)
    {
      CDecl *d = g_ptr_array_index (L->decls, i);
      if (d->kind != C_DECL_VAR || !d->file_scope || d->storage == C_STORAGE_STATIC || d->in_system || !d->init)
        continue;
      g_autoptr (GPtrArray) fns = g_ptr_array_new ();
      init_functions (L, d->init, fns);
      for (guint k = 0; k < fns->len; k++)
        {
          CDecl *f = g_ptr_array_index (fns, k);
          if (g_ptr_array_find (entries, f, NULL) || (L->opts->init && strcmp (f->name, L->opts->init) == 0))
            continue;
          rf_diags_add (L->diags, RF_DIAG_WARNING, f->loc, "'%s' is named by the exported global '%s': clients "
                        "may call it, so it is an entry too", f->name, d->name);
          g_ptr_array_add (entries, f);
        }
    }
}

/* A new lowering of UNIT (see Lower). */
static Lower *
lower_new (const RfCUnit *unit, const RfCLowerOptions *opts, RfDiags *diags)
{
  Lower *L = g_new0 (Lower, 1);
  L->unit = unit;
  L->opts = opts;
  L->diags = diags;
  L->prog = rf_program_new ();
  L->decls = c_unit_decls (unit);
  L->funcs = g_hash_table_new (g_str_hash, g_str_equal);
  L->ty = rf_c_types_new ();
  L->objs = rf_c_objects_new (L->ty);
  L->roots = g_ptr_array_new ();
  L->warned = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  L->elems = g_ptr_array_new ();
  L->pre.escaped = g_hash_table_new (NULL, NULL);
  L->pre.assigned = g_hash_table_new (NULL, NULL);
  L->pre.addr_funcs = g_hash_table_new (NULL, NULL);
  L->pre.addr_func_list = g_ptr_array_new ();
  L->pre.handles = g_hash_table_new (NULL, NULL);
  L->pre.detached_attrs = g_hash_table_new (NULL, NULL);
  L->pre.assigned_whole = g_hash_table_new (NULL, NULL);
  L->handle_decls = g_hash_table_new (NULL, NULL);
  L->pre.calls = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_hash_table_unref);
  L->pre.recursive = g_hash_table_new (NULL, NULL);
  L->pre.shared = g_hash_table_new (NULL, NULL);
  L->share_copies = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  L->pre.stable = g_hash_table_new (NULL, NULL);
  L->pre.static_writes = g_hash_table_new (NULL, NULL);
  L->pre.addr_members = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_hash_table_unref);
  L->pre.addr_kept = g_hash_table_new (NULL, NULL);
  L->pre.wrappers = g_hash_table_new (NULL, NULL);
  L->pre.fresh_globals = g_hash_table_new (NULL, NULL);
  L->pre.state_modes = g_hash_table_new (NULL, NULL);
  L->pre.globals_named = g_hash_table_new (NULL, NULL);
  L->pre.values = g_hash_table_new_full (NULL, NULL, NULL, lower_value_dom_free);
  L->priv.bad = g_hash_table_new (NULL, NULL);
  L->priv.sites = g_hash_table_new (NULL, NULL);
  L->priv.ptr_addr = g_hash_table_new (NULL, NULL);
  L->priv.param_ok = g_hash_table_new (NULL, NULL);
  L->priv.fresh = g_hash_table_new (NULL, NULL);
  L->split_threads = g_hash_table_new (NULL, NULL);
  L->split_params = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  L->scope_cleanups = g_ptr_array_new ();
  L->jumps.targets = g_array_new (FALSE, FALSE, sizeof (guint));
  L->jumps.sources = g_array_new (FALSE, FALSE, sizeof (guint));
  L->jumps.unwind_any = g_array_new (FALSE, FALSE, sizeof (guint));
  L->jumps.unwinds = g_array_new (FALSE, FALSE, sizeof (guint));
  L->jumps.cleanups = g_array_new (FALSE, FALSE, sizeof (guint));
  L->jumps.handlers = g_hash_table_new (NULL, NULL);
  L->jumps.last_setjmp = -1;
  L->addr_taken = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_hash_table_unref);
  L->jobs.of_fn = g_hash_table_new (NULL, NULL);
  L->jobs.of_handle = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  L->jobs.of_site = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  L->jobs.arg = g_ptr_array_new_with_free_func (places_unref);
  L->jobs.arg_whole = g_ptr_array_new_with_free_func (places_unref);
  L->jobs.fn = g_ptr_array_new ();
  L->jobs.exit_sem = g_array_new (FALSE, FALSE, sizeof (gint));
  L->jobs.track = g_array_new (FALSE, FALSE, sizeof (guint));
  L->jobs.other = g_array_new (FALSE, FALSE, sizeof (guint));
  L->jobs.arg_other = g_array_new (FALSE, FALSE, sizeof (guint));
  L->jobs.arg_inside = g_array_new (FALSE, FALSE, sizeof (guint));
  L->jobs.arg_index = g_array_new (FALSE, FALSE, sizeof (gint));
  L->jobs.arg_index_deref = g_array_new (FALSE, FALSE, sizeof (guint));
  L->jobs.arg_index_decl = g_ptr_array_new ();
  L->jobs.arg_index_max = g_ptr_array_new_with_free_func (g_free);
  L->jobs.arg_cell = g_ptr_array_new ();
  L->jobs.arg_fields = g_ptr_array_new ();
  g_queue_init (&L->jobs.pending);
  L->jobs.joinall = g_ptr_array_new_with_free_func ((GDestroyNotify) lower_joinall_plan_free);
  L->jobs.joinall_done = g_ptr_array_new_with_free_func ((GDestroyNotify) lower_joinall_plan_free);
  L->sync.demoted = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  L->sync.relockable = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  L->sync.no_excl = g_array_new (FALSE, FALSE, sizeof (NoExcl));
  g_array_set_clear_func (L->sync.no_excl, no_excl_clear);
  return L;
}

static void
lower_free (Lower *L)
{
  if (!L)
    return;
  if (L->prog)
    rf_program_free (L->prog);
  g_ptr_array_unref (L->decls);
  g_hash_table_unref (L->funcs);
  g_ptr_array_unref (L->roots);
  g_hash_table_unref (L->warned);
  g_ptr_array_unref (L->elems);
  rf_c_points_free (L->pts);  /* before objs: it borrows the table */
  rf_c_objects_free (L->objs);
  rf_c_types_free (L->ty);
  g_hash_table_unref (L->pre.escaped);
  g_hash_table_unref (L->pre.assigned);
  g_hash_table_unref (L->pre.addr_funcs);
  g_ptr_array_unref (L->pre.addr_func_list);
  g_hash_table_unref (L->pre.handles);
  g_hash_table_unref (L->pre.detached_attrs);
  g_hash_table_unref (L->pre.assigned_whole);
  g_hash_table_unref (L->handle_decls);
  g_hash_table_unref (L->pre.calls);
  g_hash_table_unref (L->pre.recursive);
  g_hash_table_unref (L->pre.shared);
  g_hash_table_unref (L->share_copies);
  g_hash_table_unref (L->pre.stable);
  g_hash_table_unref (L->pre.static_writes);
  g_hash_table_unref (L->pre.addr_members);
  g_hash_table_unref (L->pre.addr_kept);
  g_hash_table_unref (L->pre.wrappers);
  g_hash_table_unref (L->pre.fresh_globals);
  if (L->pre.chunk_bad)
    g_hash_table_unref (L->pre.chunk_bad);
  g_hash_table_unref (L->pre.state_modes);
  g_hash_table_unref (L->pre.globals_named);
  g_hash_table_unref (L->pre.values);
  lower_value_members_free (L);
  if (L->facts)
    g_array_unref (L->facts);
  g_hash_table_unref (L->priv.bad);
  g_hash_table_unref (L->priv.sites);
  g_hash_table_unref (L->priv.ptr_addr);
  g_hash_table_unref (L->priv.param_ok);
  g_hash_table_unref (L->priv.fresh);
  g_hash_table_unref (L->split_threads);
  g_hash_table_unref (L->split_params);
  if (L->argfields)
    g_hash_table_unref (L->argfields);
  if (L->owned)
    g_hash_table_unref (L->owned);
  g_ptr_array_unref (L->scope_cleanups);
  g_array_unref (L->jumps.targets);
  g_array_unref (L->jumps.sources);
  g_array_unref (L->jumps.unwind_any);
  g_array_unref (L->jumps.unwinds);
  g_array_unref (L->jumps.cleanups);
  g_hash_table_unref (L->jumps.handlers);
  g_hash_table_unref (L->addr_taken);
  g_hash_table_unref (L->jobs.of_fn);
  g_hash_table_unref (L->jobs.of_handle);
  g_hash_table_unref (L->jobs.of_site);
  g_ptr_array_unref (L->jobs.arg);
  g_ptr_array_unref (L->jobs.arg_whole);
  g_ptr_array_unref (L->jobs.fn);
  g_array_unref (L->jobs.exit_sem);
  g_array_unref (L->jobs.track);
  g_array_unref (L->jobs.other);
  g_array_unref (L->jobs.arg_other);
  g_array_unref (L->jobs.arg_inside);
  g_array_unref (L->jobs.arg_index);
  g_array_unref (L->jobs.arg_index_deref);
  g_ptr_array_unref (L->jobs.arg_index_decl);
  g_ptr_array_unref (L->jobs.arg_index_max);
  g_ptr_array_unref (L->jobs.arg_cell);
  g_ptr_array_unref (L->jobs.arg_fields);
  g_queue_clear (&L->jobs.pending);
  g_ptr_array_unref (L->jobs.joinall);
  g_ptr_array_unref (L->jobs.joinall_done);
  g_hash_table_unref (L->sync.demoted);
  g_hash_table_unref (L->sync.relockable);
  g_array_unref (L->sync.no_excl);
  g_free (L->sync.reason);
  g_free (L);
}
G_DEFINE_AUTOPTR_CLEANUP_FUNC (Lower, lower_free)

/* One lowering of UNIT at share level LEVEL (rf-c-lower-share.c); *TOO_LARGE when a
 * job passed the node cap (then, below the last level, the result is NULL with no
 * error reported: the caller tries the next level). */
static RfProgram *
lower_attempt (const RfCUnit *unit, const RfCLowerOptions *opts, RfDiags *diags, guint level,
               gboolean *too_large, GError **error)
{
  g_autoptr (Lower) L = lower_new (unit, opts, diags);
  L->pre.share_level = level;
  guint n_errors_before = rf_diags_n_errors (diags);

  lower_collect_functions (L);
  CDecl *main_fn = lower_func_def (L, "main");
  const char *const *entry_names = L->opts->entries;
  L->module = !main_fn || (entry_names && entry_names[0]) || L->opts->init;

  /* Entries of module mode. */
  GPtrArray *entries = g_ptr_array_new ();
  CDecl *init_fn = NULL;
  if (L->module)
    {
      if (entry_names && entry_names[0])
        for (guint i = 0; entry_names[i]; i++)
          {
            CDecl *d = lower_func_def (L, entry_names[i]);
            if (!d)
              rf_diags_add (diags, RF_DIAG_ERROR, RF_LOC_NONE, "--entry %s: no function with a body of that name", entry_names[i]);
            else if (!g_ptr_array_find (entries, d, NULL))
              g_ptr_array_add (entries, d);
          }
      else
        for (guint i = 0; i < L->decls->len; i++)
          {
            CDecl *d = g_ptr_array_index (L->decls, i);
            if (d->kind == C_DECL_FUNC && d->body && !d->in_system && d->storage != C_STORAGE_STATIC
                && d->name && strcmp (d->name, "main") != 0 && lower_func_def (L, d->name) == d
                && !(L->opts->init && strcmp (d->name, L->opts->init) == 0)
                && !g_ptr_array_find (entries, d, NULL))
              g_ptr_array_add (entries, d);
          }
      if (!(entry_names && entry_names[0]))
        exported_function_entries (L, entries);
      if (L->opts->init)
        {
          init_fn = lower_func_def (L, L->opts->init);
          if (!init_fn)
            rf_diags_add (diags, RF_DIAG_ERROR, RF_LOC_NONE, "--init %s: no function with a body of that name", L->opts->init);
        }
      if (entries->len == 0 && rf_diags_n_errors (diags) == n_errors_before)
        rf_diags_add (diags, RF_DIAG_ERROR, RF_LOC_NONE, "no main and no entry function: nothing to check");
    }

  if (rf_diags_n_errors (diags) == n_errors_before)
    {
      lower_prepass (L);
      lower_private_sites (L);
      g_autoptr (GPtrArray) started = g_ptr_array_new ();
      if (!L->module)
        g_ptr_array_add (started, main_fn);
      g_ptr_array_extend (started, entries, NULL, NULL);
      if (init_fn)
        g_ptr_array_add (started, init_fn);
      lower_points_analyse (L, started);
      if (!L->module && main_fn->params && main_fn->params->len >= 2)
        {
          /* what main's argv and envp point to (see rf-c-points.h): program
           * arguments, which only pointers derived from argv reach */
          CType *pa = pointee (L, ((CDecl *) g_ptr_array_index (main_fn->params, 1))->type);
          lower_root_add (L, RF_C_OBJ_ARGV, g_intern_string (RF_C_OBJ_ARGV_ARRAY), "argv[]", pa, TRUE, main_fn->loc);
          lower_root_add (L, RF_C_OBJ_ARGV, g_intern_string (RF_C_OBJ_ARGV_STRINGS), "argv strings", pointee (L, pa), TRUE,
                    main_fn->loc);
        }
      if (L->pre.unknown_calls)
        lower_external_roots (L);
      if (L->module)
        lower_client_roots (L, entries);
      if (!L->module)
        {
          guint id = lower_job_add (L, main_fn, "main", RF_START_COUNT, 1, -1);
          g_hash_table_insert (L->jobs.of_fn, main_fn, GUINT_TO_POINTER (id + 1));
          g_autoptr (GPtrArray) ctors = lower_constructors (L);
          lower_job (L, id, main_fn, ctors, NULL);
        }
      else if (init_fn)
        {
          guint id = lower_job_add (L, init_fn, init_fn->name, RF_START_COUNT, 1, -1);
          g_hash_table_insert (L->jobs.of_fn, init_fn, GUINT_TO_POINTER (id + 1));
          lower_job (L, id, init_fn, NULL, entries);
        }
      else
        for (guint i = 0; i < entries->len; i++)
          {
            CDecl *d = g_ptr_array_index (entries, i);
            g_autoptr (GArray) ids = lower_entry_jobs (L, d, RF_START_ANY);
          }
      lower_callback_jobs (L);
      while (!g_queue_is_empty (&L->jobs.pending))  /* after an error too: every error in one run */
        {
          guint id = GPOINTER_TO_UINT (g_queue_pop_head (&L->jobs.pending)) - 1;
          if (rf_program_get_job (L->prog, id)->nodes->len == 0)
            lower_job (L, id, g_ptr_array_index (L->jobs.fn, id), NULL, NULL);
        }
      lower_recursive_mutexes (L);
      lower_apply_demotions (L);
      lower_joinall_check (L);
      lower_note_accesses (L);
    }

  guint n_errors = rf_diags_n_errors (diags) - n_errors_before;
  g_ptr_array_unref (entries);
  *too_large = L->too_large;
  if (L->too_large && level < LOWER_SHARE_LEVELS)
    return NULL;
  if (n_errors > 0)
    {
      g_set_error (error, RF_INPUT_ERROR, RF_INPUT_ERROR_UNSUPPORTED, "%u error%s", n_errors, n_errors == 1 ? "" : "s");
      return NULL;
    }
  g_assert (rf_program_is_valid (L->prog));
  return g_steal_pointer (&L->prog);
}

/* Lowers UNIT, sharing more functions (rf-c-lower-share.c) each time a thread's model
 * passes the node cap, each attempt's diagnostics kept apart until one is the answer. */
RfProgram *
rf_c_lower (const RfCUnit *unit, const RfCLowerOptions *opts, RfDiags *diags, GError **error)
{
  g_return_val_if_fail (unit != NULL, NULL);
  static const RfCLowerOptions none = { NULL, NULL };
  for (guint level = 0;; level++)
    {
      g_autoptr (RfDiags) attempt = rf_diags_new ();
      gboolean too_large = FALSE;
      GError *err = NULL;
      RfProgram *prog = lower_attempt (unit, opts ? opts : &none, attempt, level, &too_large, &err);
      if (!prog && !err && too_large && level < LOWER_SHARE_LEVELS)
        continue;
      rf_diags_append (diags, attempt);
      if (err)
        g_propagate_error (error, err);
      return prog;
    }
}
