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
 * Constructs that cannot be over-approximated (inline asm, setjmp/longjmp, signal
 * handlers, fork) are errors. */
#include "rf-c-lower.h"

#include <string.h>
#include "c-ast.h"
#include "rf-c-type.h"
#include "rf-c-points.h"
#include "rf-c-libc.h"
#include "rf-c-tree.h"
#include "rf-c-object.h"

/* ---- objects and locations ---- */

/* Objects and locations are rf-c-object.h's, shared with the points-to analysis: a
 * root is an object the lowering has named (RfCObj.name), a place is a location
 * (const RfCLoc*, interned in the table). Lists of places are GPtrArrays that borrow
 * their locations. */

static char *
place_name (const RfCLoc *p)
{
  return g_strconcat (p->obj->name, p->path, NULL);
}

static void
places_unref (gpointer ps)
{
  if (ps)
    g_ptr_array_unref (ps);
}

static GPtrArray *
places_new (void)
{
  return g_ptr_array_new ();
}

static GPtrArray *
places_copy (GPtrArray *ps)
{
  return ps ? g_ptr_array_copy (ps, NULL, NULL) : places_new ();
}

/* Frame: one inlined call. args: param CDecl* -> CExpr* (argument), evaluated in up.
 * labels: name -> node+1. brk/cont: stacks of nodes. cases: CStmt* -> node+1. */
typedef struct _Frame Frame;
struct _Frame {
  CDecl *fn;
  guint entry, ret;
  Frame *up;
  GHashTable *args;
  GHashTable *labels;
  GArray *brk, *cont;
  GHashTable *cases;
};

/* NoExcl: an edge of job `job` (index `edge`) that stands for a lock operation giving
 * no exclusion: `take` (a lock or trylock, a sem_wait) starts a stretch where the
 * source means to hold lock KEY, `release` ends every stretch of KEY. key and reason
 * are owned; reason says why there is no exclusion. */
typedef struct {
  guint job;
  guint edge;
  gboolean take;
  char *key;
  char *reason;
} NoExcl;

static void
no_excl_clear (gpointer p)
{
  NoExcl *x = p;
  g_free (x->key);
  g_free (x->reason);
}

typedef struct {
  const RfCUnit *unit;
  const RfCLowerOptions *opts;
  RfDiags *diags;
  RfProgram *prog;
  GHashTable *funcs;        /* name -> CDecl* with body */
  RfCObjects *objs;         /* the objects and locations, owned (shared with pts) */
  GPtrArray *roots;         /* RfCObj* (borrowed from objs), in the order named */
  GHashTable *escaped;      /* local CDecl* whose address escapes */
  GHashTable *assigned;     /* local/param CDecl* assigned after its initialisation */
  GHashTable *addr_funcs;   /* CDecl* (with body) whose address is taken */
  GPtrArray *addr_func_list;/* same, in order of discovery */
  GHashTable *heap_types;   /* alloc call CExpr* -> CType* */
  GHashTable *warned;       /* owned strings */
  GHashTable *job_of;       /* CDecl* -> job id + 1 (the job of threads with no joinable handle) */
  GHashTable *job_of_handle;/* "fn-ptr:sem id:site" (owned) -> job id + 1: threads whose exit posts sem */
  GHashTable *job_of_site;  /* "fn-ptr:site" (owned) -> job id + 1: threads whose argument is known */
  GPtrArray *job_arg;       /* job id -> GPtrArray of places (owned) its start routine's parameter
                             * points to (known at its creation), or NULL */
  GPtrArray *job_fn;        /* job id -> CDecl* of its thread function (NULL for main/init/entries) */
  GArray *job_exit_sem;     /* job id -> gint: semaphore its threads post when they end, or -1 */
  GArray *job_track;        /* job id -> guint: the entry parameters (bit i: parameter i) that
                             * stand for the representative object (track_params) */
  GArray *job_other;        /* job id -> guint: those that stand for any other object */
  GArray *job_arg_other;    /* job id -> gboolean: its job_arg came through an entry parameter
                             * standing for another object (so it is no one object) */
  gboolean other_obj;       /* deref met a parameter standing for another object */
  GHashTable *handles;      /* CDecl* -> HANDLE_* bits: how a pthread_t variable is used (pre-pass) */
  GPtrArray *decls;         /* every file-level CDecl* of the unit, in file order (borrowed) */
  GHashTable *demoted;      /* sync object name (owned) -> reason (owned): gives no exclusion */
  GHashTable *relockable;   /* demoted mutex names (owned) that may be recursive or
                             * error-checking and are locked again by their holder
                             * (recursive_mutexes) */
  GArray *no_excl;          /* NoExcl: lock operations that give no exclusion (see note_accesses) */
  GHashTable *priv_bad;     /* local pointer CDecl* that may hold something shared (private_sites) */
  GHashTable *priv_sites;   /* alloc call CExpr* -> local pointer CDecl* it is stored in */
  gboolean priv_all_bad;    /* code the analysis does not follow: no heap site is private */
  GHashTable *ptr_addr;     /* local pointer CDecl* whose address is taken somewhere (&p) */
  GHashTable *fresh;        /* local pointer CDecl* holding an object no other thread has yet */
  char *sync_reason;        /* owned: why the last sync_var gave -1, or NULL */
  GHashTable *calls;        /* CDecl* -> GHashTable of callee CDecl* (pre-pass) */
  GHashTable *recursive;    /* CDecl* on a call cycle: parameters not bound to arguments */
  GQueue pending;           /* job ids + 1 not lowered yet */
  RfCTypes *ty;             /* types of expressions, owned */
  gboolean module;
  gboolean mutex_recursive; /* the program names PTHREAD_MUTEX_RECURSIVE (pre-pass) */
  gboolean mutex_other;     /* ... PTHREAD_MUTEX_ERRORCHECK, or sets a mutex type not by name */
  gboolean cancels;         /* the program calls pthread_cancel (pre-pass) */
  gboolean unknown_calls;  /* some call reaches a function with no body, unmodelled */
  RfCPoints *pts;           /* the points-to analysis, owned */
  guint guessed;            /* pointer targets guessed by type so far */
  guint alias_depth;        /* aliases (values kept for later) being resolved: an
                             * allocation met there is its site's object, not fresh */
  /* current job */
  RfJob *job;
  guint job_id;
  guint exit_node;
  guint cur;
  Frame *frame;
  int quiet;                /* > 0: resolving an alias again: no edges */
  CDecl *pfn;               /* pre-pass: current function */
} Lower;


/* Thread handles. A pthread_t variable is a joinable handle when it is passed to
 * pthread_join, every use of its address is `&t` (or `&t[i]`, `&t.f`) as
 * pthread_create's first argument, and it is never assigned: then its value at a
 * pthread_join is one a pthread_create stored there. Threads created with handle t
 * post the semaphore `exited$t` when they end, and pthread_join(t) takes a token:
 * as each thread is joined at most once, when the n-th join on t returns at least n
 * threads created with t have ended, so the model keeps every real run. It is exact
 * when t holds one thread at a time. */
enum { HANDLE_CREATED = 1, HANDLE_JOINED = 2, HANDLE_BAD = 4 };

static void
handle_mark (Lower *L, CDecl *d, int state)
{
  if (!d)
    return;
  int old = GPOINTER_TO_INT (g_hash_table_lookup (L->handles, d));
  g_hash_table_insert (L->handles, d, GINT_TO_POINTER (old | state));
}

static void
warn_once (Lower *L, RfLoc loc, const char *key, const char *fmt, ...) G_GNUC_PRINTF (4, 5);
static void
warn_once (Lower *L, RfLoc loc, const char *key, const char *fmt, ...)
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

static void
error_at (Lower *L, RfLoc loc, const char *fmt, ...) G_GNUC_PRINTF (3, 4);
static void
error_at (Lower *L, RfLoc loc, const char *fmt, ...)
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

/* ---- types ---- */

/* T without typedefs and typeof; NULL stays NULL (the shared type questions of
 * rf-c-type.h, on the lowering's RfCTypes). */
static CType *
strip (Lower *L, CType *t)
{
  return rf_c_type_strip (L->ty, t);
}

static gboolean
type_is_atomic (CType *t)
{
  for (int i = 0; t && i < 64; i++)
    {
      if (t->quals & C_QUAL_ATOMIC)
        return TRUE;
      if (t->kind == C_TYPE_TYPEDEF && t->tdef)
        t = t->tdef->type;
      else
        return FALSE;
    }
  return FALSE;
}

/* The pthread typedef T is spelt with (pthread_mutex_t...), or NULL. */
static const char *
sync_kind (CType *t)
{
  for (int i = 0; t && i < 64 && t->kind == C_TYPE_TYPEDEF && t->tdef; i++)
    {
      const char *n = t->tdef->name;
      if (n && (strcmp (n, "pthread_mutex_t") == 0 || strcmp (n, "pthread_cond_t") == 0
                || strcmp (n, "pthread_rwlock_t") == 0 || strcmp (n, "pthread_spinlock_t") == 0
                || strcmp (n, "sem_t") == 0 || strcmp (n, "pthread_barrier_t") == 0
                || strcmp (n, "pthread_once_t") == 0))
        return n;
      t = t->tdef->type;
    }
  return NULL;
}

static CType *
type_of (Lower *L, CExpr *e)
{
  return rf_c_type_of (L->ty, e);
}

static gboolean
is_pointerish (Lower *L, CType *t)
{
  return rf_c_type_is_pointerish (L->ty, t);
}

static CType *
pointee (Lower *L, CType *t)
{
  return rf_c_type_pointee (L->ty, t);
}

static gboolean
type_is_any (Lower *L, CType *t)
{
  return rf_c_type_is_any (L->ty, t);
}

static gboolean
compatible (Lower *L, CType *a, CType *b)
{
  return rf_c_type_compatible (L->ty, a, b);
}

/* ---- roots ---- */

/* O made a root named NAME (a summary when SUMMARY), declared at LOC (the declaration
 * the lowering met first, for an object with several), unless it is one already. Names
 * are unique: a second static of the same name gets the file and line of LOC. */
static RfCObj *
root_name (Lower *L, RfCObj *o, const char *name, gboolean summary, RfLoc loc)
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
static RfCObj *
root_add (Lower *L, RfCObjKind kind, gconstpointer key, const char *name, CType *type, gboolean summary, RfLoc loc)
{
  return root_name (L, rf_c_objects_get (L->objs, kind, key, type, loc), name, summary, loc);
}

/* The root of KIND and KEY, or NULL when there is none (no object, or one the lowering
 * did not name). */
static RfCObj *
root_find (Lower *L, RfCObjKind kind, gconstpointer key)
{
  RfCObj *o = rf_c_objects_find (L->objs, kind, key);
  return o && o->name ? o : NULL;
}

/* The root of object D referenced in function FN, or NULL when it is thread-private
 * (a local that does not escape, a thread-local whose address does not escape: once
 * it does, another thread may reach this thread's copy, and one location stands for
 * the copies of every thread). */
static RfCObj *
root_of_decl (Lower *L, CDecl *d, CDecl *fn)
{
  if (!d || (d->kind != C_DECL_VAR && d->kind != C_DECL_PARAM)
      || (d->thread_local && !g_hash_table_contains (L->escaped, d)))
    return NULL;
  const char *fname = fn && fn->name ? fn->name : "?";
  if (c_is_static_object (d))
    {
      RfCObj *o = rf_c_objects_var (L->objs, d, fn);
      if (d->storage != C_STORAGE_STATIC || d->file_scope)
        return root_name (L, o, d->name, FALSE, d->loc);
      g_autofree char *n = g_strdup_printf ("static@%s:%s", fname, d->name);
      return root_name (L, o, n, FALSE, d->loc);
    }
  if (!g_hash_table_contains (L->escaped, d))
    return NULL;
  /* its address is taken, but only ever held in this thread's locals and parameters */
  if (L->pts && !rf_c_points_local_shared (L->pts, d))
    return NULL;
  g_autofree char *n = g_strdup_printf ("local@%s:%s", fname, d->name);
  RfCObj *r = root_name (L, rf_c_objects_var (L->objs, d, fn), n, !(strcmp (fname, "main") == 0 && !L->module),
                         d->loc);
  r->reachable = TRUE;
  return r;
}

/* The name of client root `struct T` (owned) for type T (typedefs stripped), or NULL
 * when T is not a tagged struct or union. */
static char *
client_name (Lower *L, CType *t)
{
  t = strip (L, t);
  if (!t || (t->kind != C_TYPE_STRUCT && t->kind != C_TYPE_UNION) || !t->tag || !t->tag->name)
    return NULL;
  return g_strdup_printf ("%s %s", t->kind == C_TYPE_STRUCT ? "struct" : "union", t->tag->name);
}

/* The client root `struct T` for objects of type T (module mode), or NULL. */
static RfCObj *
client_root (Lower *L, CType *t)
{
  g_autofree char *n = client_name (L, t);
  return n ? root_find (L, RF_C_OBJ_CLIENT, g_intern_string (n)) : NULL;
}

/* R is `client memory` or `external memory`: untyped objects the program does not
 * name, made by its clients or by code without a body. */
static gboolean
untyped_memory (Lower *L, RfCObj *r)
{
  return r->kind == RF_C_OBJ_EXTERNAL || (r->kind == RF_C_OBJ_CLIENT && r->key == g_intern_string ("$client"));
}

/* The client root `struct T` of entry parameter P of type `T *`, or NULL. */
static RfCObj *
param_client (Lower *L, CDecl *p)
{
  return client_root (L, pointee (L, p->type));
}

/* ---- the CFG ---- */

static guint
new_node (Lower *L, RfLoc loc)
{
  return rf_job_add_node (L->job, loc);
}

static void
edge (Lower *L, guint from, guint to, RfOpKind op, gint arg, gint arg2, RfLoc loc, const char *text)
{
  rf_job_add_edge (L->job, from, to, op, arg, arg2, loc, text);
}

/* Appends OP at the current node and moves on. */
static void
emit (Lower *L, RfOpKind op, gint arg, gint arg2, RfLoc loc, const char *text)
{
  guint n = new_node (L, loc);
  edge (L, L->cur, n, op, arg, arg2, loc, text);
  L->cur = n;
}

/* Records the last edge added to the current job as a lock operation that gives no
 * exclusion (see NoExcl). */
static void
no_excl_last (Lower *L, gboolean take, const char *key, const char *reason)
{
  if (!reason)
    return;
  NoExcl x = { L->job->id, L->job->edges->len - 1, take, g_strdup (key), g_strdup (reason) };
  g_array_append_val (L->no_excl, x);
}

/* After return/break/goto: code that follows is unreachable. */
static void
dead (Lower *L, RfLoc loc)
{
  L->cur = new_node (L, loc);
}

static gint
var_of (Lower *L, const char *name, RfVarKind kind, RfLoc loc)
{
  gint id = rf_program_lookup_var (L->prog, name);
  if (id < 0)
    return (gint) rf_program_add_var (L->prog, name, kind, loc);
  if (rf_program_get_var (L->prog, id)->kind != kind)
    return -1;
  return id;
}

/* ---- accesses ---- */

enum { ACC_READ = 1, ACC_WRITE = 2, ACC_RW = 3 };

/* The data leaves of P: struct fields, array elements, unions whole; pthread objects
 * are not data. */

static void
leaves (Lower *L, RfCObj *r, const char *path, CType *type, GPtrArray *out, int depth)
{
  if (sync_kind (type))
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
      edge (L, L->cur, to, RF_OP_SKIP, -1, -1, loc, NULL);
      return;
    }
  for (guint i = 0; i < lv->len; i++)
    {
      const RfCLoc *q = g_ptr_array_index (lv, i);
      g_autofree char *name = place_name (q);
      gint v = var_of (L, name, RF_VAR_DATA, p->obj->loc);
      gboolean at = atomic || type_is_atomic (q->type);
      gint lk = -1;
      g_autofree char *lname = g_strconcat ("atomic$", name, NULL);
      g_autofree char *t1 = g_strdup_printf ("atomic access to %s: begin", name);
      g_autofree char *t2 = g_strdup_printf ("atomic access to %s: end", name);
      if (v < 0)
        {
          /* The same name is a lock elsewhere (a union holding a mutex): no access
           * can be modelled on it; say so. */
          error_at (L, loc, "unsupported: '%s' is used both as a lock and as data", name);
          continue;
        }
      if (at)
        {
          lk = var_of (L, lname, RF_VAR_LOCK, p->obj->loc);
          emit (L, RF_OP_ACQUIRE, lk, -1, loc, t1);
        }
      gboolean last = i + 1 == lv->len;
      if (mode & ACC_READ)
        {
          if ((mode & ACC_WRITE) || at || !last)
            emit (L, RF_OP_READ, v, -1, loc, NULL);
          else
            {
              edge (L, L->cur, to, RF_OP_READ, v, -1, loc, NULL);
              L->cur = to;
            }
        }
      if (mode & ACC_WRITE)
        {
          if (at || !last)
            emit (L, RF_OP_WRITE, v, -1, loc, NULL);
          else
            {
              edge (L, L->cur, to, RF_OP_WRITE, v, -1, loc, NULL);
              L->cur = to;
            }
        }
      if (at)
        {
          if (last)
            {
              edge (L, L->cur, to, RF_OP_RELEASE, lk, -1, loc, t2);
              L->cur = to;
            }
          else
            emit (L, RF_OP_RELEASE, lk, -1, loc, t2);
        }
    }
  if (L->cur != to)
    {
      edge (L, L->cur, to, RF_OP_SKIP, -1, -1, loc, NULL);
      L->cur = to;
    }
}

/* An access to one of PLACES (a choice between them). */
static void
access (Lower *L, GPtrArray *places, int mode, gboolean atomic, RfLoc loc)
{
  if (L->quiet || !places)
    return;
  /* objects private to their thread are never shared */
  for (guint i = places->len; i-- > 0;)
    if (((const RfCLoc *) g_ptr_array_index (places, i))->obj->private_)
      g_ptr_array_remove_index (places, i);
  if (places->len == 0)
    return;
  guint start = L->cur;
  guint join = new_node (L, loc);
  for (guint i = 0; i < places->len; i++)
    {
      L->cur = start;
      access_place (L, g_ptr_array_index (places, i), mode, atomic, loc, join);
    }
  L->cur = join;
}

/* ---- expressions ---- */

static void eval (Lower *L, CExpr *e);
static GPtrArray *lval (Lower *L, CExpr *e);
static GPtrArray *deref (Lower *L, CExpr *e);
static GPtrArray *deref_offset (Lower *L, CExpr *base);
static void lower_call (Lower *L, CExpr *e);
static void lower_stmt (Lower *L, CStmt *s);
static void lower_stmt_kind (Lower *L, CStmt *s);
static void fresh_kill (Lower *L, CStmt *s, CExpr *e, int ctx);
static void fresh_gen_in_test (Lower *L, CExpr *cond);
static GHashTable *fresh_copy (GHashTable *set);
static void fresh_meet (Lower *L, GHashTable *other);
static void lower_cond (Lower *L, CExpr *e, guint t, guint f);
static GArray *entry_jobs (Lower *L, CDecl *fn, RfStartKind start);

/* The function being lowered (or walked by the pre-pass), or NULL. */
static CDecl *
cur_fn (Lower *L)
{
  return L->frame ? L->frame->fn : L->pfn;
}

/* Extends each place with member FIELD (untyped and union places stay whole). */
static void
extend_member (Lower *L, GPtrArray *ps, const char *field)
{
  for (guint i = 0; i < ps->len; i++)
    g_ptr_array_index (ps, i) = (gpointer) rf_c_objects_member (L->objs, g_ptr_array_index (ps, i), field);
}

/* Extends each place of an array type with its elements. */
static void
extend_index (Lower *L, GPtrArray *ps)
{
  for (guint i = 0; i < ps->len; i++)
    g_ptr_array_index (ps, i) = (gpointer) rf_c_objects_element (L->objs, g_ptr_array_index (ps, i));
}

/* Every address-taken object or subobject an lvalue of type WANT may denote (a
 * guess: counted in L->guessed). */
static GPtrArray *
by_type (Lower *L, CType *want)
{
  GPtrArray *out = places_new ();
  L->guessed++;
  gboolean any = type_is_any (L, want);
  /* module mode: an object of a struct type with a client root, wherever it was
   * made, is that root's, not the untyped `client memory`'s or `external memory`'s
   * (effective types) */
  gboolean typed_client = client_root (L, want) != NULL;
  for (guint i = 0; i < L->roots->len; i++)
    {
      RfCObj *r = g_ptr_array_index (L->roots, i);
      if (!r->reachable || (typed_client && untyped_memory (L, r)))
        continue;
      if (any || !r->type)
        g_ptr_array_add (out, (gpointer) rf_c_objects_loc (L->objs, r, ""));
      else
        rf_c_objects_match (L->objs, r, "", r->type, want, out);
    }
  return out;
}

/* A call of N returns a new object of its allocation site (malloc, realloc...). */
static gboolean
is_alloc (const char *n)
{
  const RfCLibcFunc *f = rf_c_libc_lookup (n);
  return f && (f->pointers == RF_C_LIBC_PTS_ALLOC || f->pointers == RF_C_LIBC_PTS_REALLOC);
}

/* A pointer variable whose value is an expression we can follow: a parameter bound
 * to its argument, or a local initialised once and never assigned. Returns that
 * expression and sets *frame to where it is evaluated. */
static CExpr *
alias_of (Lower *L, CDecl *d, Frame **frame)
{
  if (!d || g_hash_table_contains (L->assigned, d) || g_hash_table_contains (L->escaped, d))
    return NULL;
  if (d->kind == C_DECL_PARAM)
    {
      for (Frame *f = L->frame; f; f = f->up)
        if (f->args && g_hash_table_contains (f->args, d) && !g_hash_table_contains (L->recursive, f->fn))
          {
            *frame = f->up;
            return g_hash_table_lookup (f->args, d);
          }
      return NULL;
    }
  if (d->kind == C_DECL_VAR && !c_is_static_object (d) && d->init && d->init->expr)
    {
      *frame = L->frame;
      return d->init->expr;
    }
  return NULL;
}

/* PS seen as objects of type WANT (rf_c_objects_view). NULL, void and character types
 * keep every place. Consumes PS. */
static GPtrArray *
view_places (Lower *L, GPtrArray *ps, CType *want)
{
  if (!want || type_is_any (L, want))
    return ps;
  GPtrArray *out = places_new ();
  for (guint i = 0; i < ps->len; i++)
    rf_c_objects_view (L->objs, g_ptr_array_index (ps, i), want, out);
  g_ptr_array_unref (ps);
  return out;
}

/* The place of points-to location LOC: LOC itself when its object is a root (as lval
 * would make it), NULL for a function, a call's struct result, and a local that never
 * escapes (all thread-private); *MISSING when the lowering has no root for a heap site
 * or literal. */
static const RfCLoc *
place_of_loc (Lower *L, const RfCLoc *loc, gboolean *missing)
{
  RfCObj *r = NULL;
  switch (loc->obj->kind)
    {
    case RF_C_OBJ_VAR:
      r = root_of_decl (L, loc->obj->decl, loc->obj->fn);
      break;
    case RF_C_OBJ_HEAP: case RF_C_OBJ_LITERAL: case RF_C_OBJ_ARGV:
      r = loc->obj->name ? loc->obj : NULL;
      if (!r)
        *missing = TRUE;
      break;
    default:
      break;
    }
  g_assert (!r || r == loc->obj);
  return r ? loc : NULL;
}

/* The places of pointer E's points-to set seen as WANT, or NULL when the analysis has
 * no complete set for E. */
static GPtrArray *
by_points (Lower *L, CExpr *e, CType *want)
{
  if (!L->pts || !is_pointerish (L, type_of (L, e)))
    return NULL;
  g_autoptr (GPtrArray) locs = g_ptr_array_new ();
  if (!rf_c_points_lookup (L->pts, e, want, locs))
    return NULL;
  GPtrArray *ps = places_new ();
  for (guint i = 0; i < locs->len; i++)
    {
      gboolean missing = FALSE;
      const RfCLoc *p = place_of_loc (L, g_ptr_array_index (locs, i), &missing);
      if (missing)
        {
          g_ptr_array_unref (ps);
          return NULL;
        }
      if (p)
        g_ptr_array_add (ps, (gpointer) p);
    }
  return ps;
}

/* The places a start routine's parameter D points to, known at the creation of this
 * job's threads (see K_CREATE), or NULL. */
static GPtrArray *
job_binding (Lower *L, CDecl *d)
{
  if (!d || d->kind != C_DECL_PARAM || !L->job || L->job_id >= L->job_arg->len
      || !g_ptr_array_index (L->job_arg, L->job_id) || g_hash_table_contains (L->assigned, d)
      || g_hash_table_contains (L->escaped, d))
    return NULL;
  Frame *f = L->frame;
  while (f && f->up)
    f = f->up;
  if (!f || g_hash_table_contains (L->recursive, f->fn) || !f->fn->params || f->fn->params->len == 0
      || g_ptr_array_index (f->fn->params, 0) != d)
    return NULL;
  if (g_array_index (L->job_arg_other, guint, L->job_id))
    L->other_obj = TRUE;
  return g_ptr_array_index (L->job_arg, L->job_id);
}

/* 1 when D is a parameter of the running entry that stands for the representative
 * object (track_params), 0 when it stands for another object, else -1. Only in the
 * entry's own frame: a recursive call (excluded) could rebind it. */
static gint
tracked_param (Lower *L, CDecl *d)
{
  if (d->kind != C_DECL_PARAM || !L->frame || L->frame->up || !L->job || L->job_id >= L->job_track->len)
    return -1;
  guint track = g_array_index (L->job_track, guint, L->job_id), other = g_array_index (L->job_other, guint, L->job_id);
  if (!(track | other) || !L->frame->fn->params)
    return -1;
  for (guint i = 0; i < L->frame->fn->params->len && i < 32; i++)
    if (g_ptr_array_index (L->frame->fn->params, i) == d)
      return (track & (1u << i)) ? 1 : (other & (1u << i)) ? 0 : -1;
  return -1;
}

/* PS with, for each place in an object of an allocation site in a client class
 * (client_roots), the same place of the client root `struct T` too (its whole object
 * for an untyped site): the object may be the one a tracked parameter stands for.
 * Consumes PS. */
static GPtrArray *
with_clients (Lower *L, GPtrArray *ps)
{
  guint n = ps->len;
  for (guint i = 0; i < n; i++)
    {
      const RfCLoc *pl = g_ptr_array_index (ps, i);
      if (!pl->obj->clients)
        continue;
      for (guint k = 0; k < pl->obj->clients->len; k++)
        {
          /* the same path in T's client root; of an untyped site, its whole object */
          RfCObj *c = g_ptr_array_index (pl->obj->clients, k);
          gboolean same = pl->obj->type && compatible (L, pl->obj->type, c->type);
          const RfCLoc *in_c = rf_c_objects_loc (L->objs, c, same ? pl->path : "");
          if (!g_ptr_array_find (ps, in_c, NULL))
            g_ptr_array_add (ps, (gpointer) in_c);
        }
    }
  return ps;
}

/* The places pointer expression E may point to; evaluates E. In order: a known
 * address (`&x`, an array, `p + i` of one); a variable's alias (a parameter bound by
 * inlining to its argument, a local initialised once and never assigned, resolved in
 * turn, unless that needs a guess by type); a start routine's parameter bound at
 * the thread's creation; the points-to set of E when it is complete; else every
 * object of the pointee type (by_type). Every answer is seen as E's pointee type. */
static GPtrArray *
deref_places (Lower *L, CExpr *e0)
{
  CExpr *e = c_peel (e0);
  if (!e)
    return places_new ();
  CType *want = pointee (L, type_of (L, e0));
  if (!want)
    want = pointee (L, type_of (L, e));
  if (e->kind == C_EXPR_UNARY && e->op == C_OP_ADDR)
    return view_places (L, lval (L, e->a), want);
  /* a string literal is never written (and never raced); the null pointer constant
   * (0, NULL) points to nothing */
  if (e->kind == C_EXPR_STRING || (e->kind == C_EXPR_INT && strcmp (e->text, "0") == 0))
    return places_new ();
  CType *t = strip (L, type_of (L, e));
  gboolean param = e->kind == C_EXPR_IDENT && e->decl && e->decl->kind == C_DECL_PARAM;
  if (t && t->kind == C_TYPE_ARRAY && !param)
    {
      GPtrArray *ps = lval (L, e);
      extend_index (L, ps);
      return view_places (L, ps, want);
    }
  if (e->kind == C_EXPR_BINARY && (e->op == C_OP_ADD || e->op == C_OP_SUB))
    {
      gboolean left = is_pointerish (L, type_of (L, e->a));
      eval (L, left ? e->b : e->a);
      return view_places (L, deref_offset (L, left ? e->a : e->b), want);
    }
  if (e->kind == C_EXPR_CALL)
    {
      const char *n = c_callee_name (e);
      eval (L, e);
      if (is_alloc (n) && L->alias_depth == 0)
        return places_new ();  /* fresh memory: no other thread has it yet */
      RfCObj *r = is_alloc (n) ? root_find (L, RF_C_OBJ_HEAP, e) : NULL;
      if (r)
        {
          /* the value of a variable initialised here: the allocation site's object */
          GPtrArray *ps = places_new ();
          g_ptr_array_add (ps, (gpointer) rf_c_objects_loc (L->objs, r, ""));
          return view_places (L, ps, want);
        }
    }
  else if (e->kind == C_EXPR_IDENT && e->decl && g_hash_table_contains (L->fresh, e->decl))
    {
      eval (L, e);
      return places_new ();  /* an object no other thread has yet (see fresh_gen) */
    }
  else if (e->kind == C_EXPR_IDENT && e->decl && tracked_param (L, e->decl) >= 0)
    {
      /* an entry's parameter standing for the representative or another object */
      eval (L, e);
      RfCObj *client = param_client (L, e->decl);
      GPtrArray *ps = places_new ();
      if (tracked_param (L, e->decl) == 1)
        g_ptr_array_add (ps, (gpointer) rf_c_objects_loc (L->objs, client->rep, ""));
      else
        {
          /* every object it may point to but T's client objects */
          L->other_obj = TRUE;
          guint guessed = L->guessed;
          g_autoptr (GPtrArray) all = by_type (L, client->type);
          L->guessed = guessed;
          for (guint i = 0; i < all->len; i++)
            {
              const RfCLoc *pl = g_ptr_array_index (all, i);
              if (pl->obj == client || untyped_memory (L, pl->obj)
                  || (pl->obj->clients && g_ptr_array_find (pl->obj->clients, client, NULL)))
                continue;
              g_ptr_array_add (ps, (gpointer) pl);
            }
        }
      return view_places (L, ps, want);
    }
  else if (e->kind == C_EXPR_IDENT && e->decl)
    {
      Frame *f = NULL;
      CExpr *a = L->alias_depth < 16 ? alias_of (L, e->decl, &f) : NULL;
      GPtrArray *bound = a ? NULL : job_binding (L, e->decl);
      eval (L, e);
      if (bound)
        return view_places (L, places_copy (bound), want);
      if (a)
        {
          guint guessed = L->guessed;
          Frame *save = L->frame;
          L->frame = f;
          L->quiet++;
          L->alias_depth++;
          GPtrArray *r = deref (L, a);
          L->alias_depth--;
          L->quiet--;
          L->frame = save;
          if (L->guessed == guessed)
            return view_places (L, r, want);
          L->guessed = guessed;
          g_ptr_array_unref (r);
        }
    }
  else
    eval (L, e);
  GPtrArray *ps = by_points (L, e, want);
  if (!ps)
    ps = by_type (L, want);  /* the declared pointee of the original expression (casts included) */
  return ps;
}

/* deref_places, where an object of a client class (client_roots) may be the
 * representative too. */
static GPtrArray *
deref (Lower *L, CExpr *e)
{
  return with_clients (L, deref_places (L, e));
}

/* The places pointer BASE may point to, for an access at an offset from it (an index,
 * pointer arithmetic). A parameter standing for the representative object or for
 * another one (track_params) says nothing of the objects next to it (an array of
 * queues): a base resolved through one gives every object of its type instead. */
static GPtrArray *
deref_offset (Lower *L, CExpr *base)
{
  CType *t = strip (L, type_of (L, base));
  CExpr *b = c_peel (base);
  gboolean param = b && b->kind == C_EXPR_IDENT && b->decl && b->decl->kind == C_DECL_PARAM;
  if (t && t->kind == C_TYPE_ARRAY && !param)
    return deref (L, base);  /* an array member: the offset stays inside its object */
  gboolean saved = L->other_obj;
  L->other_obj = FALSE;
  GPtrArray *ps = deref (L, base);
  gboolean leaves = L->other_obj;
  for (guint i = 0; i < ps->len && !leaves; i++)
    leaves = ((const RfCLoc *) g_ptr_array_index (ps, i))->obj->representative;
  L->other_obj = saved;
  if (!leaves)
    return ps;
  g_ptr_array_unref (ps);
  return with_clients (L, by_type (L, pointee (L, type_of (L, base))));
}

/* The places lvalue E may denote (empty: thread-private); evaluates its
 * sub-expressions (pointers, indices). */
static GPtrArray *
lval (Lower *L, CExpr *e)
{
  if (!e)
    return places_new ();
  switch (e->kind)
    {
    case C_EXPR_IDENT:
      {
        GPtrArray *ps = places_new ();
        RfCObj *r = root_of_decl (L, e->decl, cur_fn (L));
        if (r)
          g_ptr_array_add (ps, (gpointer) rf_c_objects_loc (L->objs, r, ""));
        return ps;
      }
    case C_EXPR_MEMBER:
      {
        GPtrArray *ps = e->arrow ? deref (L, e->a) : lval (L, e->a);
        extend_member (L, ps, e->text);
        return ps;
      }
    case C_EXPR_INDEX:
      {
        CExpr *arr = e->a, *idx = e->b;
        if (!is_pointerish (L, type_of (L, arr)) && is_pointerish (L, type_of (L, idx)))
          arr = e->b, idx = e->a;
        eval (L, idx);
        return deref_offset (L, arr);
      }
    case C_EXPR_UNARY:
      if (e->op == C_OP_DEREF)
        return deref (L, e->a);
      if (e->op == C_OP_EXTENSION)
        return lval (L, e->a);
      eval (L, e);
      return places_new ();
    case C_EXPR_CAST:
      return lval (L, e->a);
    case C_EXPR_COMPOUND_LIT:
      {
        eval (L, e);
        GPtrArray *ps = places_new ();
        RfCObj *r = root_find (L, RF_C_OBJ_LITERAL, e);
        if (r)
          g_ptr_array_add (ps, (gpointer) rf_c_objects_loc (L->objs, r, ""));
        return ps;
      }
    default:
      eval (L, e);
      return places_new ();
    }
}

static gboolean
places_are_array_or_fn (Lower *L, CExpr *e)
{
  CType *t = strip (L, type_of (L, e));
  return t && (t->kind == C_TYPE_ARRAY || t->kind == C_TYPE_FUNCTION);
}

/* Reads the value of lvalue E. */
static void
read_lvalue (Lower *L, CExpr *e)
{
  g_autoptr (GPtrArray) ps = lval (L, e);
  if (!places_are_array_or_fn (L, e))
    access (L, ps, ACC_READ, FALSE, e->loc);
}

static void
eval_init (Lower *L, CInit *in)
{
  if (!in)
    return;
  if (in->expr)
    {
      eval (L, in->expr);
      return;
    }
  for (guint i = 0; in->items && i < in->items->len; i++)
    {
      CInitItem *it = g_ptr_array_index (in->items, i);
      for (guint j = 0; it->designators && j < it->designators->len; j++)
        {
          CDesignator *d = g_ptr_array_index (it->designators, j);
          eval (L, d->index);
          eval (L, d->index_hi);
        }
      eval_init (L, it->init);
    }
}

static void
eval (Lower *L, CExpr *e)
{
  if (!e || L->quiet)
    return;
  switch (e->kind)
    {
    case C_EXPR_IDENT:
      if (e->decl && (e->decl->kind == C_DECL_VAR || e->decl->kind == C_DECL_PARAM))
        read_lvalue (L, e);
      else if (e->decl && e->decl->kind == C_DECL_FUNC)
        return;
      return;
    case C_EXPR_MEMBER: case C_EXPR_INDEX:
      read_lvalue (L, e);
      return;
    case C_EXPR_UNARY:
      switch (e->op)
        {
        case C_OP_ADDR:
          {
            g_autoptr (GPtrArray) ps = lval (L, e->a);
          }
          return;
        case C_OP_DEREF:
          read_lvalue (L, e);
          return;
        case C_OP_PREINC: case C_OP_PREDEC: case C_OP_POSTINC: case C_OP_POSTDEC:
          {
            g_autoptr (GPtrArray) ps = lval (L, e->a);
            access (L, ps, ACC_RW, FALSE, e->loc);
          }
          return;
        default:
          eval (L, e->a);
          return;
        }
    case C_EXPR_BINARY:
      if (e->op == C_OP_AND || e->op == C_OP_OR)
        {
          guint t = new_node (L, e->loc), f = new_node (L, e->loc);
          lower_cond (L, e, t, f);
          edge (L, t, f, RF_OP_SKIP, -1, -1, e->loc, NULL);
          L->cur = f;
          return;
        }
      eval (L, e->a);
      eval (L, e->b);
      return;
    case C_EXPR_ASSIGN:
      {
        g_autoptr (GPtrArray) ps = lval (L, e->a);
        eval (L, e->b);
        access (L, ps, e->op == C_OP_ASSIGN ? ACC_WRITE : ACC_RW, FALSE, e->loc);
      }
      return;
    case C_EXPR_COND:
      {
        guint t = new_node (L, e->loc), f = new_node (L, e->loc), j = new_node (L, e->loc);
        if (e->b)
          lower_cond (L, e->a, t, f);
        else
          {
            eval (L, e->a);
            edge (L, L->cur, t, RF_OP_SKIP, -1, -1, e->loc, "?: true");
            edge (L, L->cur, f, RF_OP_SKIP, -1, -1, e->loc, "?: false");
          }
        L->cur = t;
        eval (L, e->b);
        edge (L, L->cur, j, RF_OP_SKIP, -1, -1, e->loc, NULL);
        L->cur = f;
        eval (L, e->c);
        edge (L, L->cur, j, RF_OP_SKIP, -1, -1, e->loc, NULL);
        L->cur = j;
      }
      return;
    case C_EXPR_COMMA:
      eval (L, e->a);
      eval (L, e->b);
      return;
    case C_EXPR_CALL:
      lower_call (L, e);
      return;
    case C_EXPR_CAST: case C_EXPR_VA_ARG:
      eval (L, e->a);
      return;
    case C_EXPR_COMPOUND_LIT:
      eval_init (L, e->init);
      return;
    case C_EXPR_STMT_EXPR:
      lower_stmt (L, e->stmt);
      return;
    case C_EXPR_GENERIC:
      {
        /* The association is chosen at compile time; every one is a possible branch. */
        eval (L, e->a);
        guint start = L->cur, j = new_node (L, e->loc);
        for (guint i = 0; e->args && i < e->args->len; i++)
          {
            CGenericAssoc *a = g_ptr_array_index (e->args, i);
            L->cur = start;
            eval (L, a->expr);
            edge (L, L->cur, j, RF_OP_SKIP, -1, -1, e->loc, NULL);
          }
        L->cur = j;
      }
      return;
    default:
      return;
    }
}

/* The lowering's effect of a call of NAME (see rf-c-libc.h): RF_C_LIBC_UNMODELLED for
 * code the table does not model. */
static RfCLibcEffect
effect_of (const char *name)
{
  const RfCLibcFunc *f = rf_c_libc_lookup (name);
  return f ? f->effect : RF_C_LIBC_UNMODELLED;
}

/* After lowering: a note on every access made while the source means to hold a lock
 * that gives no exclusion in the model (between a NoExcl take and the release of the
 * same lock, along the CFG: a may-analysis, iterated to a fixpoint), so that a race
 * report can say why that access is not protected. */
static void
note_accesses (Lower *L)
{
  guint nx = L->no_excl->len;
  for (guint j = 0; j < rf_program_n_jobs (L->prog) && nx > 0; j++)
    {
      RfJob *job = rf_program_get_job (L->prog, j);
      guint nn = job->nodes->len, ne = job->edges->len;
      g_autofree gint *flag_of = g_new (gint, ne);   /* edge -> NoExcl index or -1 */
      for (guint i = 0; i < ne; i++)
        flag_of[i] = -1;
      gboolean any = FALSE;
      for (guint k = 0; k < nx; k++)
        {
          const NoExcl *x = &g_array_index (L->no_excl, NoExcl, k);
          if (x->job == j)
            flag_of[x->edge] = (gint) k, any = TRUE;
        }
      if (!any)
        continue;
      /* held[n * nx + k]: lock stretch k may be open at node n */
      g_autofree guint8 *held = g_new0 (guint8, (gsize) nn * nx);
      g_autofree guint8 *out = g_new (guint8, nx);
      gboolean changed = TRUE;
      while (changed)
        {
          changed = FALSE;
          for (guint i = 0; i < ne; i++)
            {
              const RfEdge *e = &g_array_index (job->edges, RfEdge, i);
              memcpy (out, held + (gsize) e->from * nx, nx);
              if (flag_of[i] >= 0)
                {
                  const NoExcl *x = &g_array_index (L->no_excl, NoExcl, flag_of[i]);
                  if (x->take)
                    out[flag_of[i]] = 1;
                  else
                    for (guint k = 0; k < nx; k++)
                      if (strcmp (g_array_index (L->no_excl, NoExcl, k).key, x->key) == 0)
                        out[k] = 0;
                }
              guint8 *to = held + (gsize) e->to * nx;
              for (guint k = 0; k < nx; k++)
                if (out[k] && !to[k])
                  to[k] = 1, changed = TRUE;
            }
        }
      for (guint i = 0; i < ne; i++)
        {
          const RfEdge *e = &g_array_index (job->edges, RfEdge, i);
          if (e->op != RF_OP_READ && e->op != RF_OP_WRITE)
            continue;
          for (guint k = 0; k < nx; k++)
            if (held[(gsize) e->from * nx + k])
              rf_program_add_note (L->prog, e->arg, e->loc, g_array_index (L->no_excl, NoExcl, k).reason);
        }
    }
}

/* ---- conditions ---- */

/* The trylock call (a mutex trylock/timedlock, sem_trywait/timedwait: 0 means
 * success) in a condition E and whether "true" means it succeeded. */
static CExpr *
trylock_in (CExpr *e, gboolean *true_is_success)
{
  e = c_peel (e);
  if (!e)
    return NULL;
  gboolean neg = FALSE;
  while (e && e->kind == C_EXPR_UNARY && e->op == C_OP_NOT)
    {
      neg = !neg;
      e = c_peel (e->a);
    }
  CExpr *call = NULL;
  gboolean zero_is_true = FALSE;  /* the condition holds when trylock returned 0 */
  if (e && e->kind == C_EXPR_CALL)
    call = e, zero_is_true = FALSE;
  else if (e && e->kind == C_EXPR_BINARY && (e->op == C_OP_EQ || e->op == C_OP_NE))
    {
      CExpr *a = c_peel (e->a), *b = c_peel (e->b);
      if (b && b->kind == C_EXPR_INT && strcmp (b->text, "0") == 0 && a && a->kind == C_EXPR_CALL)
        call = a;
      else if (a && a->kind == C_EXPR_INT && strcmp (a->text, "0") == 0 && b && b->kind == C_EXPR_CALL)
        call = b;
      zero_is_true = e->op == C_OP_EQ;
    }
  if (!call)
    return NULL;
  if (!rf_c_libc_is_try (effect_of (c_callee_name (call))))
    return NULL;
  *true_is_success = neg ? !zero_is_true : zero_is_true;
  return call;
}

static void lower_trylock (Lower *L, CExpr *call, guint success, guint failure);

/* Lowers condition E from the current node to T (true) or F (false). */
static void
lower_cond (Lower *L, CExpr *e, guint t, guint f)
{
  CExpr *p = c_peel (e);
  gboolean ts;
  if (p && p->kind == C_EXPR_BINARY && p->op == C_OP_AND)
    {
      guint mid = new_node (L, p->b->loc);
      lower_cond (L, p->a, mid, f);
      L->cur = mid;
      lower_cond (L, p->b, t, f);
      return;
    }
  if (p && p->kind == C_EXPR_BINARY && p->op == C_OP_OR)
    {
      guint mid = new_node (L, p->b->loc);
      lower_cond (L, p->a, t, mid);
      L->cur = mid;
      lower_cond (L, p->b, t, f);
      return;
    }
  if (p && p->kind == C_EXPR_UNARY && p->op == C_OP_NOT && !trylock_in (p, &ts))
    {
      lower_cond (L, p->a, f, t);
      return;
    }
  CExpr *call = trylock_in (p, &ts);
  if (call)
    {
      lower_trylock (L, call, ts ? t : f, ts ? f : t);
      return;
    }
  eval (L, e);
  edge (L, L->cur, t, RF_OP_SKIP, -1, -1, e ? e->loc : RF_LOC_NONE, "condition true");
  edge (L, L->cur, f, RF_OP_SKIP, -1, -1, e ? e->loc : RF_LOC_NONE, "condition false");
}

/* ---- synchronisation ---- */

/* The names of the pthread objects (mutexes, semaphores, ...) inside place P. */
static void
sync_leaves (Lower *L, const char *name, CType *type, GPtrArray *out, int depth)
{
  if (sync_kind (type))
    {
      g_ptr_array_add (out, g_strdup (name));
      return;
    }
  CType *t = strip (L, type);
  if (depth > 8 || !t)
    return;
  if (t->kind == C_TYPE_ARRAY)
    {
      g_autofree char *p = g_strconcat (name, "[]", NULL);
      sync_leaves (L, p, t->base, out, depth + 1);
    }
  else if ((t->kind == C_TYPE_STRUCT || t->kind == C_TYPE_UNION) && t->tag && t->tag->members)
    for (guint i = 0; i < t->tag->members->len; i++)
      {
        CDecl *m = g_ptr_array_index (t->tag->members, i);
        g_autofree char *p = m->name ? g_strconcat (name, ".", m->name, NULL) : g_strdup (name);
        sync_leaves (L, p, m->type, out, depth + 1);
      }
}

/* Every mutex and semaphore in PLACES stops giving exclusion (or blocking): an
 * operation the model cannot attribute to one of them may release one. WHY says
 * which (owned by the caller). */
static void
demote_places (Lower *L, GPtrArray *places, const char *why)
{
  for (guint i = 0; places && i < places->len; i++)
    {
      const RfCLoc *pl = g_ptr_array_index (places, i);
      g_autofree char *name = place_name (pl);
      g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      sync_leaves (L, name, pl->type, names, 0);
      for (guint k = 0; k < names->len; k++)
        if (!g_hash_table_contains (L->demoted, g_ptr_array_index (names, k)))
          g_hash_table_insert (L->demoted, g_strdup (g_ptr_array_index (names, k)), g_strdup (why));
    }
}

/* The mutex, condition variable or semaphore ARG (a pointer) denotes exactly, or -1
 * (then a warning names the expression). RELEASES: the operation gives the object a
 * token (unlock, the unlock inside a wait, sem_post, sem_init); when ARG may denote
 * several objects, every one of them is demoted (see demote_places), since leaving
 * the token out could block other threads that really run on. */
static gint
sync_var (Lower *L, CExpr *arg, RfVarKind kind, RfLoc loc, gboolean releases)
{
  L->other_obj = FALSE;
  g_autoptr (GPtrArray) ps = deref (L, arg);
  gboolean other = L->other_obj;
  g_clear_pointer (&L->sync_reason, g_free);
  if (L->quiet)
    return -1;
  /* through an entry parameter standing for another object than the representative
   * (track_params): no object of the model, but maybe one of the module's own */
  if (other && ps->len == 0)
    return -1;
  g_autoptr (GString) txt = g_string_new (NULL);
  CExpr *p = c_peel (arg);
  c_expr_text (p && p->kind == C_EXPR_UNARY && p->op == C_OP_ADDR ? p->a : p, txt);
  /* "lock 'p' may denote several mutexes: no mutual exclusion assumed" */
  gboolean rw = kind == RF_VAR_RWLOCK;
  const char *what = kind == RF_VAR_LOCK || rw ? "lock" : kind == RF_VAR_SEM ? "semaphore" : "condition variable";
  const char *objects = kind == RF_VAR_LOCK ? "mutexes" : rw ? "rwlocks" : kind == RF_VAR_SEM ? "semaphores" : "objects";
  const char *object = kind == RF_VAR_LOCK ? "mutex" : rw ? "rwlock" : kind == RF_VAR_SEM ? "semaphore" : "object";
  const char *effect = kind == RF_VAR_LOCK || rw ? "no mutual exclusion assumed"
                       : kind == RF_VAR_SEM ? "no synchronisation assumed" : "waits wake up spuriously";
  g_autofree char *key = g_strdup_printf ("sync:%s:%u:%u", loc.file, loc.line, loc.col);
  if (ps->len == 0)
    {
      /* A private (never escaping) local: no other thread can use it. */
      CExpr *q = p && p->kind == C_EXPR_UNARY && p->op == C_OP_ADDR ? c_peel (p->a) : NULL;
      while (q && (q->kind == C_EXPR_MEMBER && !q->arrow))
        q = c_peel (q->a);
      if (!(q && q->kind == C_EXPR_IDENT && q->decl && !c_is_static_object (q->decl)))
        {
          warn_once (L, loc, key, "%s '%s' denotes no known %s: %s", what, txt->str, object, effect);
          g_free (L->sync_reason);
          L->sync_reason = g_strdup_printf ("%s '%s' (%s:%u:%u) denotes no known %s: %s", what, txt->str,
                                            loc.file ? loc.file : "?", loc.line, loc.col, object, effect);
        }
      return -1;
    }
  const RfCLoc *pl = g_ptr_array_index (ps, 0);
  if (ps->len == 1 && !other && !pl->obj->summary && !strstr (pl->path, "[]"))
    {
      g_autofree char *name = place_name (pl);
      gint v = var_of (L, name, kind, pl->obj->loc);
      if (v >= 0)
        return v;
    }
  warn_once (L, loc, key, "%s '%s' may denote several %s: %s", what, txt->str, objects, effect);
  g_free (L->sync_reason);
  L->sync_reason = g_strdup_printf ("%s '%s' (%s:%u:%u) may denote several %s: %s", what, txt->str,
                                    loc.file ? loc.file : "?", loc.line, loc.col, objects, effect);
  if (releases && (kind == RF_VAR_LOCK || kind == RF_VAR_SEM || rw))
    {
      g_autofree char *why = g_strdup_printf ("'%s' at %s:%u:%u may denote it and several others", txt->str,
                                              loc.file ? loc.file : "?", loc.line, loc.col);
      demote_places (L, ps, why);
    }
  return -1;
}

/* After lowering: the demoted mutexes, rwlocks and semaphores give no exclusion. Each
 * of their operations becomes a skip (a wait on a demoted mutex wakes at once), which
 * only adds behaviour; a warning says why. (For an rwlock this also keeps the net
 * builder from working out that a thread holds it after an unlock it cannot see.) */
static void
apply_demotions (Lower *L)
{
  for (guint v = 0; v < rf_program_n_vars (L->prog); v++)
    {
      const RfVar *var = rf_program_get_var (L->prog, v);
      const char *why = g_hash_table_lookup (L->demoted, var->name);
      if (!why || (var->kind != RF_VAR_LOCK && var->kind != RF_VAR_SEM && var->kind != RF_VAR_RWLOCK))
        continue;
      guint n = 0;
      for (guint j = 0; j < rf_program_n_jobs (L->prog); j++)
        {
          RfJob *job = rf_program_get_job (L->prog, j);
          for (guint i = 0; i < job->edges->len; i++)
            {
              RfEdge *e = &g_array_index (job->edges, RfEdge, i);
              gboolean hit = ((e->op == RF_OP_ACQUIRE || e->op == RF_OP_RELEASE || e->op == RF_OP_POST
                               || e->op == RF_OP_TAKE || e->op == RF_OP_RDLOCK || e->op == RF_OP_WRLOCK
                               || e->op == RF_OP_RWUNLOCK) && e->arg == (gint) v)
                             || (e->op == RF_OP_WAIT && e->arg2 == (gint) v);
              if (!hit)
                continue;
              g_autofree char *old = rf_program_edge_to_string (L->prog, e);
              if (e->op != RF_OP_WAIT)
                {
                  gboolean take = e->op == RF_OP_ACQUIRE || e->op == RF_OP_TAKE || e->op == RF_OP_RDLOCK
                                  || e->op == RF_OP_WRLOCK;
                  g_autofree char *reason = g_strdup_printf ("%s '%s' gives no %s in the model: %s",
                                                             var->kind == RF_VAR_LOCK ? "mutex"
                                                             : var->kind == RF_VAR_RWLOCK ? "rwlock" : "semaphore",
                                                             var->name,
                                                             var->kind == RF_VAR_SEM ? "blocking" : "mutual exclusion",
                                                             why);
                  NoExcl x = { j, i, take, g_strdup (var->name), g_strdup (reason) };
                  g_array_append_val (L->no_excl, x);
                }
              g_free (e->text);
              e->text = g_strdup_printf ("%s (gives no exclusion)", old);
              e->op = RF_OP_SKIP;
              e->arg = e->arg2 = -1;
              n++;
            }
        }
      if (n > 0)
        rf_diags_add (L->diags, RF_DIAG_WARNING, var->loc, "%s '%s' gives no %s in the model: %s%s",
                      var->kind == RF_VAR_LOCK ? "mutex" : var->kind == RF_VAR_RWLOCK ? "rwlock" : "semaphore",
                      var->name, var->kind == RF_VAR_SEM ? "blocking" : "mutual exclusion", why,
                      g_hash_table_contains (L->relockable, var->name) ? "" : " (its operations could release it)");
    }
}

/* After lowering, when the program may make recursive or error-checking mutexes: a
 * lock by the thread that holds the mutex already does not block there. For each
 * mutex, the number of times each thread holds it is worked out along its job's CFG
 * (a must-analysis: one count per node, else unknown). A mutex never locked again by
 * its holder behaves as a normal one. Otherwise, when the program only names
 * recursive mutexes and every count is known: a lock at count n > 0 and an unlock at
 * count n > 1 only count (skips), as for a recursive mutex (a normal mutex would
 * block for ever at such a lock: skipping it only adds behaviour). Else the mutex
 * gives no exclusion (an error-checking mutex's relock fails at once, and its next
 * unlock releases it). */
enum { HELD_UNSEEN = -1, HELD_TOP = -2, HELD_CAP = 8 };

static void
recursive_mutexes (Lower *L)
{
  if (!L->mutex_recursive && !L->mutex_other)
    return;
  for (guint v = 0; v < rf_program_n_vars (L->prog); v++)
    {
      const RfVar *var = rf_program_get_var (L->prog, v);
      if (var->kind != RF_VAR_LOCK || g_hash_table_contains (L->demoted, var->name)
          || g_str_has_prefix (var->name, "atomic$"))
        continue;
      g_autofree char *done = g_strdup_printf ("done$%s", var->name);
      if (rf_program_lookup_var (L->prog, done) >= 0)
        continue;  /* pthread_once's lock: taken once, never released */
      gboolean relock = FALSE, unknown = FALSE;
      RfLoc where = RF_LOC_NONE;
      g_autoptr (GPtrArray) counts = g_ptr_array_new_with_free_func (g_free);  /* per job: gint per node */
      for (guint j = 0; j < rf_program_n_jobs (L->prog); j++)
        {
          RfJob *job = rf_program_get_job (L->prog, j);
          guint nn = job->nodes->len, ne = job->edges->len;
          if (nn == 0)
            {
              /* not lowered (after an error) */
              g_ptr_array_add (counts, NULL);
              continue;
            }
          gint *c = g_new (gint, nn);
          for (guint i = 0; i < nn; i++)
            c[i] = HELD_UNSEEN;
          c[job->entry] = 0;
          g_ptr_array_add (counts, c);
          gboolean changed = TRUE;
          while (changed)
            {
              changed = FALSE;
              for (guint i = 0; i < ne; i++)
                {
                  const RfEdge *e = &g_array_index (job->edges, RfEdge, i);
                  gint in = c[e->from], out = in;
                  if (in == HELD_UNSEEN)
                    continue;
                  if (in >= 0 && e->op == RF_OP_ACQUIRE && e->arg == (gint) v)
                    out = in + 1 > HELD_CAP ? HELD_TOP : in + 1;
                  else if (in >= 0 && e->op == RF_OP_RELEASE && e->arg == (gint) v)
                    out = in > 0 ? in - 1 : 0;
                  gint *to = &c[e->to];
                  gint joined = *to == HELD_UNSEEN ? out : *to == out ? out : HELD_TOP;
                  if (joined != *to)
                    *to = joined, changed = TRUE;
                }
            }
          for (guint i = 0; i < ne; i++)
            {
              const RfEdge *e = &g_array_index (job->edges, RfEdge, i);
              gint in = c[e->from];
              gboolean mine = ((e->op == RF_OP_ACQUIRE || e->op == RF_OP_RELEASE) && e->arg == (gint) v)
                              || (e->op == RF_OP_WAIT && e->arg2 == (gint) v);
              if (!mine || in == HELD_UNSEEN)
                continue;
              if (in == HELD_TOP)
                unknown = TRUE;
              if (e->op == RF_OP_ACQUIRE && in != 0 && !relock)
                relock = TRUE, where = e->loc;
              if (e->op == RF_OP_WAIT && in != 1)
                unknown = TRUE;
            }
        }
      if (!relock)
        continue;
      if (unknown || L->mutex_other)
        {
          g_autofree char *why = g_strdup_printf ("it may be a recursive or error-checking mutex, locked again by "
                                                  "its holder at %s:%u:%u", where.file ? where.file : "?",
                                                  where.line, where.col);
          g_hash_table_insert (L->demoted, g_strdup (var->name), g_steal_pointer (&why));
          g_hash_table_add (L->relockable, g_strdup (var->name));
          continue;
        }
      for (guint j = 0; j < rf_program_n_jobs (L->prog); j++)
        {
          RfJob *job = rf_program_get_job (L->prog, j);
          const gint *c = g_ptr_array_index (counts, j);
          for (guint i = 0; c && i < job->edges->len; i++)
            {
              RfEdge *e = &g_array_index (job->edges, RfEdge, i);
              gint in = c[e->from];
              if (e->arg != (gint) v || in == HELD_UNSEEN
                  || !((e->op == RF_OP_ACQUIRE && in > 0) || (e->op == RF_OP_RELEASE && in > 1)))
                continue;
              g_autofree char *old = rf_program_edge_to_string (L->prog, e);
              g_free (e->text);
              e->text = g_strdup_printf ("%s (recursive: held %d time%s before)", old, in, in == 1 ? "" : "s");
              e->op = RF_OP_SKIP;
              e->arg = e->arg2 = -1;
            }
        }
      rf_diags_add (L->diags, RF_DIAG_WARNING, where, "mutex '%s' is locked again by its holder: taken as a "
                    "recursive mutex (PTHREAD_MUTEX_RECURSIVE)", var->name);
    }
}

/* The variable an lvalue `t`, `t[i]`, `t.f` (any mix) is part of, or NULL; PATH (or
 * NULL) gets the part: "", "[]", ".f". */
static CDecl *
handle_root (Lower *L, CExpr *e, GString *path)
{
  e = c_peel (e);
  g_autoptr (GString) p = g_string_new (NULL);
  while (e && ((e->kind == C_EXPR_MEMBER && !e->arrow)
               || (e->kind == C_EXPR_INDEX && strip (L, type_of (L, e->a))
                   && strip (L, type_of (L, e->a))->kind == C_TYPE_ARRAY)))
    {
      if (e->kind == C_EXPR_MEMBER)
        {
          g_string_prepend (p, e->text ? e->text : "?");
          g_string_prepend_c (p, '.');
        }
      else
        g_string_prepend (p, "[]");
      e = c_peel (e->a);
    }
  if (!e || e->kind != C_EXPR_IDENT || !e->decl || e->decl->kind != C_DECL_VAR)
    return NULL;
  if (path)
    g_string_append (path, p->str);
  return e->decl;
}

/* The semaphore that threads created with handle lvalue E post when they end (for
 * pthread_join(E) to take), or -1 when E is not a joinable handle. */
static gint
handle_sem (Lower *L, CExpr *e)
{
  g_autoptr (GString) path = g_string_new (NULL);
  CDecl *d = handle_root (L, e, path);
  if (!d || GPOINTER_TO_INT (g_hash_table_lookup (L->handles, d)) != (HANDLE_CREATED | HANDLE_JOINED))
    return -1;
  g_autofree char *name = g_strdup_printf ("exited$%s%s", d->name, path->str);
  return var_of (L, name, RF_VAR_SEM, d->loc);
}

/* A mutex trylock/timedlock, an rwlock try/timed rdlock/wrlock or sem_trywait/timedwait:
 * it takes the lock (or a token) and goes to SUCCESS, or goes to FAILURE without (either
 * may happen: a timeout or a spurious failure is always possible). */
static void
lower_trylock (Lower *L, CExpr *call, guint success, guint failure)
{
  const char *name = c_callee_name (call);
  RfCLibcEffect k = effect_of (name);
  gboolean sem = k == RF_C_LIBC_SEM_TRYWAIT;
  gboolean rw = k == RF_C_LIBC_TRY_RDLOCK || k == RF_C_LIBC_TRY_WRLOCK;
  RfOpKind op = sem ? RF_OP_TAKE : !rw ? RF_OP_ACQUIRE : k == RF_C_LIBC_TRY_RDLOCK ? RF_OP_RDLOCK : RF_OP_WRLOCK;
  CExpr *arg = call->args && call->args->len > 0 ? g_ptr_array_index (call->args, 0) : NULL;
  gint m = sync_var (L, arg, sem ? RF_VAR_SEM : rw ? RF_VAR_RWLOCK : RF_VAR_LOCK, call->loc, FALSE);
  for (guint i = 1; call->args && i < call->args->len; i++)
    eval (L, g_ptr_array_index (call->args, i));
  g_autoptr (GString) txt = g_string_new (NULL);
  c_expr_text (arg, txt);
  g_autofree char *s = g_strdup_printf ("%s(%s) succeeds", name, txt->str);
  g_autofree char *f = g_strdup_printf ("%s(%s) fails", name, txt->str);
  edge (L, L->cur, success, m < 0 ? RF_OP_SKIP : op, m, -1, call->loc, s);
  if (m < 0 && !sem)
    no_excl_last (L, TRUE, txt->str, L->sync_reason);
  edge (L, L->cur, failure, RF_OP_SKIP, -1, -1, call->loc, f);
}

static int
cmp_names (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

/* ---- calls ---- */

/* Pointer arguments of a summarised call: read (or write) what they point to. */
static void
access_through (Lower *L, CExpr *arg, int mode, gboolean atomic, RfLoc loc)
{
  CExpr *p = c_peel (arg);
  if (!p || p->kind == C_EXPR_STRING)
    return;
  if (!is_pointerish (L, type_of (L, arg)))
    {
      eval (L, arg);
      return;
    }
  g_autoptr (GPtrArray) ps = deref (L, arg);
  access (L, ps, mode, atomic, loc);
}

/* A new job type for threads running FN (lowered later, from the pending queue). SEM:
 * the semaphore its threads post when they end, or -1; START: how it starts. */
static guint
job_add (Lower *L, CDecl *fn, const char *base, RfStartKind start, guint count, gint sem)
{
  g_autofree char *name = g_strdup (base);
  for (guint k = 2; rf_program_lookup_job (L->prog, name) >= 0; k++)
    {
      g_free (name);
      name = g_strdup_printf ("%s#%u", base, k);
    }
  guint id = rf_program_add_job (L->prog, name, fn->loc, start, count);
  g_ptr_array_add (L->job_fn, fn);
  g_ptr_array_add (L->job_arg, NULL);
  g_array_append_val (L->job_exit_sem, sem);
  guint none = 0;
  g_array_append_val (L->job_track, none);
  g_array_append_val (L->job_other, none);
  g_array_append_val (L->job_arg_other, none);
  g_assert (L->job_fn->len == id + 1);
  return id;
}

/* The job type of threads started at FN whose end nobody joins exactly. SITE: the
 * names of the places their argument points to when known exactly (ARG, copied into
 * the job's binding), else NULL: threads whose arguments differ get job types of
 * their own, so that each knows its own. */
static guint
job_for (Lower *L, CDecl *fn, const char *site, GPtrArray *arg)
{
  g_autofree char *key = site ? g_strdup_printf ("%p:%s", (void *) fn, site) : NULL;
  gpointer v = site ? g_hash_table_lookup (L->job_of_site, key) : g_hash_table_lookup (L->job_of, fn);
  if (v)
    return GPOINTER_TO_UINT (v) - 1;
  guint id = job_add (L, fn, fn->name, RF_START_NONE, 0, -1);
  if (site)
    {
      g_ptr_array_index (L->job_arg, id) = places_copy (arg);
      g_hash_table_insert (L->job_of_site, g_steal_pointer (&key), GUINT_TO_POINTER (id + 1));
    }
  else
    g_hash_table_insert (L->job_of, fn, GUINT_TO_POINTER (id + 1));
  g_queue_push_tail (&L->pending, GUINT_TO_POINTER (id + 1));
  return id;
}

/* The job type of threads started at FN whose handle is joined through semaphore SEM:
 * a copy of FN's job whose threads post SEM when they end (SITE, ARG: as for job_for). */
static guint
job_for_handle (Lower *L, CDecl *fn, gint sem, const char *site, GPtrArray *arg)
{
  g_autofree char *key = g_strdup_printf ("%p:%d:%s%s", (void *) fn, sem, site ? "=" : "", site ? site : "");
  gpointer v = g_hash_table_lookup (L->job_of_handle, key);
  if (v)
    return GPOINTER_TO_UINT (v) - 1;
  guint id = job_add (L, fn, fn->name, RF_START_NONE, 0, sem);
  if (site)
    g_ptr_array_index (L->job_arg, id) = places_copy (arg);
  g_hash_table_insert (L->job_of_handle, g_steal_pointer (&key), GUINT_TO_POINTER (id + 1));
  g_queue_push_tail (&L->pending, GUINT_TO_POINTER (id + 1));
  return id;
}

static CDecl *
func_def (Lower *L, const char *name)
{
  return name ? g_hash_table_lookup (L->funcs, name) : NULL;
}

/* Start routines a pthread_create argument may name. */
static GPtrArray *
start_routines (Lower *L, CExpr *f, RfLoc loc)
{
  GPtrArray *out = g_ptr_array_new ();
  CExpr *p = c_peel (f);
  if (p && p->kind == C_EXPR_UNARY && p->op == C_OP_ADDR)
    p = c_peel (p->a);
  if (p && p->kind == C_EXPR_IDENT && p->decl && p->decl->kind == C_DECL_FUNC)
    {
      CDecl *d = func_def (L, p->text);
      if (d)
        g_ptr_array_add (out, d);
      else
        error_at (L, loc, "unsupported: start routine '%s' has no body in the analysed files", p->text);
      return out;
    }
  eval (L, f);
  /* the points-to set of the function pointer, when complete */
  g_autoptr (GPtrArray) locs = g_ptr_array_new ();
  if (L->pts && rf_c_points_lookup (L->pts, f, NULL, locs) && locs->len > 0)
    {
      g_autoptr (GString) names = g_string_new (NULL);
      for (guint i = 0; i < locs->len; i++)
        {
          const RfCLoc *l = g_ptr_array_index (locs, i);
          CDecl *d = l->obj->kind == RF_C_OBJ_FUNC ? func_def (L, l->obj->decl->name) : NULL;
          if (!d)
            {
              if (l->obj->kind == RF_C_OBJ_FUNC)
                error_at (L, loc, "unsupported: start routine '%s' has no body in the analysed files", l->obj->decl->name);
              else
                error_at (L, loc, "unsupported: the start routine may be a pointer to data");
              return out;
            }
          if (!g_ptr_array_find (out, d, NULL))
            {
              g_ptr_array_add (out, d);
              g_string_append_printf (names, "%s'%s'", names->len ? ", " : "", d->name);
            }
        }
      warn_once (L, loc, NULL, "start routine is a function pointer: it may be %s%s", out->len > 1 ? "any of " : "",
                 names->str);
      return out;
    }
  for (guint i = 0; i < L->addr_func_list->len; i++)
    {
      CDecl *d = g_ptr_array_index (L->addr_func_list, i);
      CType *t = strip (L, d->type);
      if (t && t->kind == C_TYPE_FUNCTION && t->params && t->params->len == 1
          && is_pointerish (L, t->base))
        g_ptr_array_add (out, d);
    }
  if (out->len == 0)
    error_at (L, loc, "unsupported: no address-taken function of type 'void *(void *)' can be this start routine");
  else
    warn_once (L, loc, NULL, "start routine is a function pointer: every address-taken function of type 'void *(void *)' may be started here (%u)", out->len);
  return out;
}

static void inline_call (Lower *L, CDecl *fn, CExpr *call);
static void lower_callbacks (Lower *L, CExpr *e, const char *name);
static GPtrArray *callback_targets (Lower *L, CExpr *arg);

static void
eval_args (Lower *L, CExpr *call, guint from)
{
  for (guint i = from; call->args && i < call->args->len; i++)
    eval (L, g_ptr_array_index (call->args, i));
}

/* A library function that reads and writes through its arguments (rf-c-libc.h):
 * read v:  pc_i -> ... -> pc_j for every leaf v of what an argument read through points
 * to, then the writes alike; arguments that are not pointers are only evaluated. */
static void
lower_memory_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc)
{
  RfCLibcEffect k = lib->effect;
  guint n = e->args ? e->args->len : 0;
  switch (k)
    {
    case RF_C_LIBC_READS:
      for (guint i = 0; i < n; i++)
        access_through (L, c_arg (e, i), ACC_READ, FALSE, loc);
      return;
    case RF_C_LIBC_WRITE0: case RF_C_LIBC_WRITE0_ONLY:
      for (guint i = 1; i < n; i++)
        if (k == RF_C_LIBC_WRITE0)
          access_through (L, c_arg (e, i), ACC_READ, FALSE, loc);
        else
          eval (L, c_arg (e, i));
      if (n > 0)
        access_through (L, c_arg (e, 0), ACC_WRITE, FALSE, loc);
      return;
    case RF_C_LIBC_WRITE1: case RF_C_LIBC_STRTOK:
      for (guint i = 0; i < n; i++)
        access_through (L, c_arg (e, i), k == RF_C_LIBC_STRTOK ? (i == 0 ? ACC_WRITE : i == 2 ? ACC_RW : ACC_READ)
                                          : i == 1 ? ACC_WRITE : ACC_READ, FALSE, loc);
      return;
    case RF_C_LIBC_SORT: case RF_C_LIBC_SEARCH:
      for (guint i = 0; i < n; i++)
        if (is_pointerish (L, type_of (L, c_arg (e, i))))
          access_through (L, c_arg (e, i), k == RF_C_LIBC_SORT && i == 0 ? ACC_RW : ACC_READ, FALSE, loc);
        else
          eval (L, c_arg (e, i));
      lower_callbacks (L, e, name);
      return;
    case RF_C_LIBC_SCANF: case RF_C_LIBC_SSCANF:
      for (guint i = 0; i < n; i++)
        access_through (L, c_arg (e, i), (i == 0 || (i == 1 && k == RF_C_LIBC_SSCANF)) ? ACC_READ : ACC_WRITE, FALSE, loc);
      return;
    case RF_C_LIBC_REALLOC:
      access_through (L, c_arg (e, 0), ACC_RW, FALSE, loc);
      eval_args (L, e, 1);
      return;
    case RF_C_LIBC_FREE:
      access_through (L, c_arg (e, 0), ACC_WRITE, FALSE, loc);
      return;
    default:
      g_assert_not_reached ();
    }
}

/* pthread_key_create (k, d) / atexit (h): the destructor or handler runs in a thread
 * of its own: create d: pc_i -> pc_i + entry_d (any number of times, a destructor) or
 * create h: pc_i -> pc_j + entry_h (once per call, an exit handler). */
static void
lower_handler_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc)
{
  RfCLibcEffect k = lib->effect;
  guint n = e->args ? e->args->len : 0;
  /* the destructor runs in threads that end (with a value set): a thread of its
   * own, started any number of times from here on (an over-approximation of
   * when it runs) */
  /* atexit, on_exit, at_quick_exit alike: the handler runs at exit, while
   * other threads may still run */
  gboolean key = k == RF_C_LIBC_KEY_CREATE;
  if (key)
    access_through (L, c_arg (e, 0), ACC_WRITE, FALSE, loc);
  else
    for (guint i = 1; i < n; i++)
      eval (L, c_arg (e, i));
  g_autoptr (GPtrArray) fs = n > (key ? 1u : 0u) ? callback_targets (L, c_arg (e, key ? 1 : 0)) : g_ptr_array_new ();
  for (guint i = 0; i < fs->len; i++)
    {
      CDecl *f = g_ptr_array_index (fs, i);
      warn_once (L, loc, f->name, "%s: %s '%s' taken to run in a thread of its own, %s, at any time after "
                 "this call", name, key ? "destructor" : "handler", f->name,
                 key ? "any number of times" : "once (per call)");
      if (key)
        edge (L, L->cur, L->cur, RF_OP_CREATE, job_for (L, f, NULL, NULL), -1, loc, NULL);
      else
        emit (L, RF_OP_CREATE, job_for (L, f, NULL, NULL), -1, loc, NULL);
    }
}

/* signal (s, h) / sigaction: the handler runs in some thread at any time from here
 * on, any number of times: create h: pc_i -> pc_i + entry_h. */
static void
lower_signal_handler_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc)
{
  RfCLibcEffect k = lib->effect;
  guint n = e->args ? e->args->len : 0;
  /* the handler runs in some thread, at any time from here on, any number of
   * times: a thread of its own started any number of times here (interleaved
   * with every thread: an over-approximation of where it runs) */
  g_autoptr (GPtrArray) fs = g_ptr_array_new ();
  CExpr *h = c_peel (c_arg (e, 1));
  if (k != RF_C_LIBC_SIGACTION)
    {
      if (h && h->kind != C_EXPR_INT)
        {
          g_autoptr (GPtrArray) ts = callback_targets (L, c_arg (e, 1));
          g_ptr_array_extend (fs, ts, NULL, NULL);
        }
      eval (L, c_arg (e, 0));
    }
  else
    {
      /* sa_handler or sa_sigaction: any address-taken function that may be one */
      for (guint i = 0; i < L->addr_func_list->len; i++)
        {
          CDecl *d = g_ptr_array_index (L->addr_func_list, i);
          guint np = d->params ? d->params->len : 0;
          CType *t0 = np > 0 ? strip (L, ((CDecl *) g_ptr_array_index (d->params, 0))->type) : NULL;
          if ((np == 1 || np == 3) && t0 && t0->kind == C_TYPE_BASIC)
            g_ptr_array_add (fs, d);
        }
      for (guint i = 0; i < n; i++)
        access_through (L, c_arg (e, i), i == 2 ? ACC_WRITE : ACC_READ, FALSE, loc);
    }
  for (guint i = 0; i < fs->len; i++)
    {
      CDecl *f = g_ptr_array_index (fs, i);
      g_autofree char *key = g_strdup_printf ("handler:%s", f->name);
      warn_once (L, loc, key, "%s: handler '%s' taken to run in a thread of its own, any number of times, "
                 "at any time after this call", name, f->name);
      edge (L, L->cur, L->cur, RF_OP_CREATE, job_for (L, f, NULL, NULL), -1, loc, NULL);
    }
}

/* exit, abort, pthread_exit: pc_i -> exit (the thread ends; other threads keep
 * running: an over-approximation of exit). */
static void
lower_exit_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc)
{
  eval_args (L, e, 0);
  /* exit, abort, pthread_exit: the thread ends (other threads keep running: an
   * over-approximation of exit) */
  edge (L, L->cur, L->exit_node, RF_OP_SKIP, -1, -1, loc, name);
  dead (L, loc);
}

/* lock m: pc_i + m -> pc_j; unlock m: pc_i -> pc_j + m (a skip when m denotes no one
 * mutex). */
static void
lower_lock_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc)
{
  RfCLibcEffect k = lib->effect;
  gint m = sync_var (L, c_arg (e, 0), RF_VAR_LOCK, loc, k == RF_C_LIBC_UNLOCK);
  g_autoptr (GString) t = g_string_new (NULL);
  c_expr_text (c_arg (e, 0), t);
  g_autofree char *txt = m < 0 ? g_strdup_printf ("%s(%s): no exclusion", name, t->str) : NULL;
  emit (L, m < 0 ? RF_OP_SKIP : k == RF_C_LIBC_LOCK ? RF_OP_ACQUIRE : RF_OP_RELEASE, m, -1, loc, txt);
  if (m < 0)
    no_excl_last (L, k == RF_C_LIBC_LOCK, t->str, k == RF_C_LIBC_LOCK ? L->sync_reason : "");
}

/* rdlock L: pc_i + L -> pc_j + L; wrlock L: pc_i + L -> pc_j; unlock L: in the mode
 * the thread holds L (the net builder works it out). */
static void
lower_rwlock_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc)
{
  RfCLibcEffect k = lib->effect;
  /* the mode of an unlock is the one the thread holds: the net builder works it out */
  gboolean unlock = k == RF_C_LIBC_RWUNLOCK;
  gint m = sync_var (L, c_arg (e, 0), RF_VAR_RWLOCK, loc, unlock);
  g_autoptr (GString) t = g_string_new (NULL);
  c_expr_text (c_arg (e, 0), t);
  g_autofree char *txt = m < 0 ? g_strdup_printf ("%s(%s): no exclusion", name, t->str) : NULL;
  RfOpKind op = unlock ? RF_OP_RWUNLOCK : k == RF_C_LIBC_RDLOCK ? RF_OP_RDLOCK : RF_OP_WRLOCK;
  emit (L, m < 0 ? RF_OP_SKIP : op, m, -1, loc, txt);
  if (m < 0)
    no_excl_last (L, !unlock, t->str, unlock ? "" : L->sync_reason);
}

/* trylock m, sem_trywait s (and the timed forms): it succeeds (takes m or a token)
 * or fails; either way on to the next node. */
static void
lower_try_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc)
{
  guint j = new_node (L, loc);
  lower_trylock (L, e, j, j);
  L->cur = j;
}

/* wait c, m: pc_i -> pc_w + m; pc_w + Sig_c -> pc_a (or spuriously); pc_a + m -> pc_j
 * (with an unknown c: release m and take it again; with an unknown m: a skip). */
static void
lower_wait_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc)
{
  gint c = sync_var (L, c_arg (e, 0), RF_VAR_COND, loc, FALSE);
  gint m = sync_var (L, c_arg (e, 1), RF_VAR_LOCK, loc, TRUE);
  eval_args (L, e, 2);
  if (c >= 0 && m >= 0)
    emit (L, RF_OP_WAIT, c, m, loc, NULL);
  else if (m >= 0)
    {
      /* unknown condition variable: release, wake up spuriously, reacquire */
      emit (L, RF_OP_RELEASE, m, -1, loc, NULL);
      emit (L, RF_OP_ACQUIRE, m, -1, loc, NULL);
    }
  else
    emit (L, RF_OP_SKIP, -1, -1, loc, name);
}

/* signal c: pc_i -> pc_j + Sig_c; broadcast c likewise, for any number of waiters. */
static void
lower_signal_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc)
{
  RfCLibcEffect k = lib->effect;
  gint c = sync_var (L, c_arg (e, 0), RF_VAR_COND, loc, FALSE);
  emit (L, c < 0 ? RF_OP_SKIP : k == RF_C_LIBC_SIGNAL ? RF_OP_SIGNAL : RF_OP_BROADCAST, c, -1, loc, c < 0 ? name : NULL);
}

/* pthread_create (&t, attr, f, arg): create f: pc_i -> pc_j + entry_f, one transition
 * per start routine f may be; the job type remembers what arg points to and the handle
 * whose semaphore its threads post when they end. */
static void
lower_create_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc)
{
  access_through (L, c_arg (e, 0), ACC_WRITE, FALSE, loc);
  eval (L, c_arg (e, 1));
  eval (L, c_arg (e, 3));
  g_autoptr (GPtrArray) fs = start_routines (L, c_arg (e, 2), loc);
  if (fs->len == 0)
    return;
  /* what the argument points to, when known exactly: the threads' job type
   * remembers it for its start routine's parameter */
  guint guessed = L->guessed;
  L->quiet++;
  L->alias_depth++;  /* a value kept for later: an allocation here is its site's object */
  L->other_obj = FALSE;
  g_autoptr (GPtrArray) arg = c_arg (e, 3) ? deref (L, c_arg (e, 3)) : NULL;
  gboolean other = L->other_obj;
  L->alias_depth--;
  L->quiet--;
  g_autofree char *site = NULL;
  if (arg && L->guessed == guessed)
    {
      /* the representative (track_params) has its summary's name: keep them apart */
      g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      for (guint i = 0; i < arg->len; i++)
        {
          const RfCLoc *pl = g_ptr_array_index (arg, i);
          g_ptr_array_add (names, g_strconcat (pl->obj->name, pl->path,
                                               pl->obj->representative ? "\t(representative)" : "", NULL));
        }
      if (other)
        g_ptr_array_add (names, g_strdup ("\t(another object)"));
      g_ptr_array_sort (names, cmp_names);
      g_ptr_array_add (names, NULL);
      site = g_strjoinv ("\n", (char **) names->pdata);
    }
  L->guessed = guessed;
  /* a joinable handle: these threads post its semaphore when they end */
  CExpr *h = c_peel (c_arg (e, 0));
  gint sem = h && h->kind == C_EXPR_UNARY && h->op == C_OP_ADDR ? handle_sem (L, h->a) : -1;
  guint start = L->cur, j = new_node (L, loc);
  for (guint i = 0; i < fs->len; i++)
    {
      CDecl *fn = g_ptr_array_index (fs, i);
      guint id = sem >= 0 ? job_for_handle (L, fn, sem, site, arg) : job_for (L, fn, site, arg);
      if (site && other)
        g_array_index (L->job_arg_other, guint, id) = TRUE;
      edge (L, start, j, RF_OP_CREATE, id, -1, loc, NULL);
    }
  L->cur = j;
}

/* pthread_join (t, &r): take exited$t: pc_i + exited$t -> pc_j when t is a joinable
 * handle (see lower_handle_sem); else a warning: the joined thread may still run. */
static void
lower_join_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc)
{
  guint n = e->args ? e->args->len : 0;
  eval (L, c_arg (e, 0));
  gint sem = handle_sem (L, c_arg (e, 0));
  g_autoptr (GString) t = g_string_new (NULL);
  c_expr_text (c_arg (e, 0), t);
  if (sem >= 0)
    {
      /* wait until a thread created with this handle has ended */
      g_autofree char *txt = g_strdup_printf ("pthread_join(%s)", t->str);
      emit (L, RF_OP_TAKE, sem, -1, loc, txt);
    }
  else if (!L->quiet)
    {
      g_autofree char *key = g_strdup_printf ("join:%s:%u:%u", loc.file, loc.line, loc.col);
      warn_once (L, loc, key, "pthread_join(%s): the handle is not only set by pthread_create (it is assigned, "
                 "or its address is taken elsewhere): the joined thread may still run afterwards", t->str);
    }
  if (n > 1)
    access_through (L, c_arg (e, 1), ACC_WRITE, FALSE, loc);
}

/* pthread_once (&o, f): the first caller takes o and runs f, then posts done$o;
 * every other caller takes done$o and posts it back. */
static void
lower_once_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc)
{
  eval (L, c_arg (e, 0));
  CExpr *f = c_peel (c_arg (e, 1));
  CDecl *d = f && f->kind == C_EXPR_IDENT ? func_def (L, f->text) : NULL;
  if (!d)
    {
      error_at (L, loc, "unsupported: pthread_once with an unknown init routine");
      return;
    }
  /* pthread_once (&o, f). With o one known object: the first caller takes the
   * lock `o` (free at start, never released) and runs f, then posts `done$o`;
   * every other caller waits for that token and puts it back. Otherwise: f runs
   * here or has run already (in any thread, maybe still running). */
  g_autoptr (GString) t = g_string_new (NULL);
  c_expr_text (c_arg (e, 0), t);
  gint o = sync_var (L, c_arg (e, 0), RF_VAR_LOCK, loc, FALSE);
  g_autofree char *done_name = o >= 0 ? g_strdup_printf ("done$%s", rf_program_get_var (L->prog, o)->name) : NULL;
  gint done = o >= 0 ? var_of (L, done_name, RF_VAR_SEM, rf_program_get_var (L->prog, o)->loc) : -1;
  g_autofree char *t_run = g_strdup_printf ("pthread_once(%s): runs %s", t->str, d->name);
  g_autofree char *t_done = g_strdup_printf ("pthread_once(%s): %s has run", t->str, d->name);
  g_autofree char *t_ran = g_strdup_printf ("pthread_once(%s): %s done", t->str, d->name);
  guint start = L->cur, j = new_node (L, loc);
  if (done >= 0)
    {
      guint run = new_node (L, loc), waited = new_node (L, loc);
      edge (L, start, run, RF_OP_ACQUIRE, o, -1, loc, t_run);
      edge (L, start, waited, RF_OP_TAKE, done, -1, loc, t_done);
      edge (L, waited, j, RF_OP_POST, done, -1, loc, t_done);
      L->cur = run;
      inline_call (L, d, NULL);
      edge (L, L->cur, j, RF_OP_POST, done, -1, loc, t_ran);
    }
  else
    {
      edge (L, start, j, RF_OP_SKIP, -1, -1, loc, "pthread_once: already done");
      inline_call (L, d, NULL);
      edge (L, L->cur, j, RF_OP_SKIP, -1, -1, loc, NULL);
    }
  L->cur = j;
}

/* sem_init (s, pshared, v): post s v times (any number of times when v is not a
 * small constant). */
static void
lower_sem_init_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc)
{
  /* sem_init (s, pshared, value): VALUE tokens (any number when not a
   * constant) */
  gint s = sync_var (L, c_arg (e, 0), RF_VAR_SEM, loc, TRUE);
  eval_args (L, e, 1);
  gint64 value = 0;
  gboolean known = c_const_int (c_arg (e, 2), &value) && value >= 0 && value <= 64;
  if (s < 0)
    return;
  g_autoptr (GString) t = g_string_new (NULL);
  c_expr_text (c_arg (e, 0), t);
  g_autofree char *txt = g_strdup_printf ("sem_init(%s): one token", t->str);
  if (known)
    for (gint64 i = 0; i < value; i++)
      emit (L, RF_OP_POST, s, -1, loc, txt);
  else
    {
      warn_once (L, loc, NULL, "sem_init(%s) with a value that is not a small constant: any number of tokens assumed",
                 t->str);
      edge (L, L->cur, L->cur, RF_OP_POST, s, -1, loc, txt);
    }
}

/* post s: pc_i -> pc_j + s; wait s: pc_i + s -> pc_j. */
static void
lower_sem_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc)
{
  RfCLibcEffect k = lib->effect;
  gint s = sync_var (L, c_arg (e, 0), RF_VAR_SEM, loc, k == RF_C_LIBC_SEM_POST);
  g_autoptr (GString) t = g_string_new (NULL);
  c_expr_text (c_arg (e, 0), t);
  g_autofree char *txt = g_strdup_printf ("%s(%s)%s", name, t->str, s < 0 ? ": no synchronisation" : "");
  emit (L, s < 0 ? RF_OP_SKIP : k == RF_C_LIBC_SEM_POST ? RF_OP_POST : RF_OP_TAKE, s, -1, loc, txt);
}

/* Synchronisation the model does not follow (pthread_barrier_wait): a skip, and a
 * warning. */
static void
lower_nosync_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc)
{
  eval_args (L, e, 0);
  warn_once (L, loc, name, "%s is not modelled: no synchronisation assumed", name);
}

/* An atomic operation on *arg0: atomic$v: pc_i + atomic$v -> ... accesses of v ...
 * -> pc_j + atomic$v (a lock of its own around the access, so two atomic accesses
 * never race); further pointer arguments are plain accesses. */
static void
lower_atomic_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc)
{
  RfCLibcEffect k = lib->effect;
  guint n = e->args ? e->args->len : 0;
  switch (k)
    {
    case RF_C_LIBC_ATOMIC_LOAD: case RF_C_LIBC_ATOMIC_LOAD_GENERIC:
      access_through (L, c_arg (e, 0), ACC_READ, TRUE, loc);
      if (n > 2 && k == RF_C_LIBC_ATOMIC_LOAD_GENERIC)
        access_through (L, c_arg (e, 1), ACC_WRITE, FALSE, loc);
      for (guint i = k == RF_C_LIBC_ATOMIC_LOAD_GENERIC ? 2 : 1; i < n; i++)
        eval (L, c_arg (e, i));
      return;
    case RF_C_LIBC_ATOMIC_STORE: case RF_C_LIBC_ATOMIC_STORE_GENERIC:
      {
        gboolean generic = k == RF_C_LIBC_ATOMIC_STORE_GENERIC;
        for (guint i = 1; i < n; i++)
          if (generic && i == 1)
            access_through (L, c_arg (e, 1), ACC_READ, FALSE, loc);
          else
            eval (L, c_arg (e, i));
        access_through (L, c_arg (e, 0), ACC_WRITE, TRUE, loc);
      }
      return;
    case RF_C_LIBC_ATOMIC_RMW:
      {
        /* RMW, exchange, compare-exchange: the first argument atomically read and
         * written; further pointer arguments (expected, result) are plain accesses */
        for (guint i = 1; i < n; i++)
          if (is_pointerish (L, type_of (L, c_arg (e, i))))
            access_through (L, c_arg (e, i), ACC_RW, FALSE, loc);
          else
            eval (L, c_arg (e, i));
        access_through (L, c_arg (e, 0), ACC_RW, TRUE, loc);
      }
      return;
    default:
      g_assert_not_reached ();
    }
}

/* A function that cannot be over-approximated (setjmp, longjmp, fork): a located
 * error. */
static void
lower_unsupported_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib, RfLoc loc)
{
  if (lib->why)
    {
      /* glibc's setjmp is a macro of _setjmp: name what the user wrote too */
      g_autofree char *as = lib->family && strcmp (name, lib->family) ? g_strdup_printf (" (as '%s')", name)
                                                                 : g_strdup ("");
      error_at (L, loc, "unsupported: %s%s (%s)", lib->family ? lib->family : name, as, lib->why);
    }
  else
    error_at (L, loc, "unsupported: %s", name);
}

/* A call of library function NAME (its row LIB) at E: the builder of its effect. */
static void
lower_library_call (Lower *L, CExpr *e, const char *name, const RfCLibcFunc *lib)
{
  RfLoc loc = e->a ? e->a->loc : e->loc;  /* the function's name */
  switch (lib->effect)
    {
    case RF_C_LIBC_UNMODELLED: case RF_C_LIBC_N_EFFECTS:
      return;
    case RF_C_LIBC_PURE: case RF_C_LIBC_ALLOC: case RF_C_LIBC_ATOMIC_FENCE:
      eval_args (L, e, 0);
      return;
    case RF_C_LIBC_READS: case RF_C_LIBC_WRITE0: case RF_C_LIBC_WRITE0_ONLY: case RF_C_LIBC_WRITE1:
    case RF_C_LIBC_STRTOK: case RF_C_LIBC_SORT: case RF_C_LIBC_SEARCH: case RF_C_LIBC_SCANF:
    case RF_C_LIBC_SSCANF: case RF_C_LIBC_REALLOC: case RF_C_LIBC_FREE:
      lower_memory_call (L, e, name, lib, loc);
      return;
    case RF_C_LIBC_EXIT:
      lower_exit_call (L, e, name, lib, loc);
      return;
    case RF_C_LIBC_KEY_CREATE: case RF_C_LIBC_AT_EXIT:
      lower_handler_call (L, e, name, lib, loc);
      return;
    case RF_C_LIBC_SIGNAL_HANDLER: case RF_C_LIBC_SIGACTION:
      lower_signal_handler_call (L, e, name, lib, loc);
      return;
    case RF_C_LIBC_CREATE:
      lower_create_call (L, e, name, lib, loc);
      return;
    case RF_C_LIBC_JOIN:
      lower_join_call (L, e, name, lib, loc);
      return;
    case RF_C_LIBC_ONCE:
      lower_once_call (L, e, name, lib, loc);
      return;
    case RF_C_LIBC_LOCK: case RF_C_LIBC_UNLOCK:
      lower_lock_call (L, e, name, lib, loc);
      return;
    case RF_C_LIBC_RDLOCK: case RF_C_LIBC_WRLOCK: case RF_C_LIBC_RWUNLOCK:
      lower_rwlock_call (L, e, name, lib, loc);
      return;
    case RF_C_LIBC_TRYLOCK: case RF_C_LIBC_TRY_RDLOCK: case RF_C_LIBC_TRY_WRLOCK: case RF_C_LIBC_SEM_TRYWAIT:
      lower_try_call (L, e, name, lib, loc);
      return;
    case RF_C_LIBC_WAIT:
      lower_wait_call (L, e, name, lib, loc);
      return;
    case RF_C_LIBC_SIGNAL: case RF_C_LIBC_BROADCAST:
      lower_signal_call (L, e, name, lib, loc);
      return;
    case RF_C_LIBC_SEM_INIT:
      lower_sem_init_call (L, e, name, lib, loc);
      return;
    case RF_C_LIBC_SEM_POST: case RF_C_LIBC_SEM_WAIT:
      lower_sem_call (L, e, name, lib, loc);
      return;
    case RF_C_LIBC_NOSYNC:
      lower_nosync_call (L, e, name, lib, loc);
      return;
    case RF_C_LIBC_ATOMIC_LOAD: case RF_C_LIBC_ATOMIC_LOAD_GENERIC: case RF_C_LIBC_ATOMIC_STORE:
    case RF_C_LIBC_ATOMIC_STORE_GENERIC: case RF_C_LIBC_ATOMIC_RMW:
      lower_atomic_call (L, e, name, lib, loc);
      return;
    case RF_C_LIBC_UNSUPPORTED:
      lower_unsupported_call (L, e, name, lib, loc);
      return;
    }
}

static gboolean contains_sync (Lower *L, CType *t, int depth);

/* The functions with a body argument ARG (a function designator or pointer) may
 * denote: its points-to set when complete, else every address-taken function with
 * as many parameters as ARG's function type (any number when unknown). */
static GPtrArray *
callback_targets (Lower *L, CExpr *arg)
{
  GPtrArray *out = g_ptr_array_new ();
  CExpr *p = c_peel (arg);
  if (p && p->kind == C_EXPR_UNARY && p->op == C_OP_ADDR)
    p = c_peel (p->a);
  if (p && p->kind == C_EXPR_IDENT && p->decl && p->decl->kind == C_DECL_FUNC)
    {
      CDecl *d = func_def (L, p->text);
      if (d)
        g_ptr_array_add (out, d);
      return out;
    }
  CType *t = strip (L, type_of (L, p));
  CType *ft = t && t->kind == C_TYPE_POINTER ? strip (L, t->base) : t;
  if (!ft || ft->kind != C_TYPE_FUNCTION)
    return out;
  g_autoptr (GPtrArray) locs = g_ptr_array_new ();
  if (L->pts && rf_c_points_lookup (L->pts, arg, NULL, locs))
    {
      for (guint i = 0; i < locs->len; i++)
        {
          const RfCLoc *l = g_ptr_array_index (locs, i);
          CDecl *d = l->obj->kind == RF_C_OBJ_FUNC ? func_def (L, l->obj->decl->name) : NULL;
          if (d && !g_ptr_array_find (out, d, NULL))
            g_ptr_array_add (out, d);
        }
      return out;
    }
  guint np = ft->params ? ft->params->len : 0;
  for (guint i = 0; i < L->addr_func_list->len; i++)
    {
      CDecl *d = g_ptr_array_index (L->addr_func_list, i);
      if (!ft->params || (d->params ? d->params->len : 0) == np)
        g_ptr_array_add (out, d);
    }
  return out;
}

/* Code without a body that is given functions (qsort's comparator, bsearch, twalk...)
 * may call them, any number of times, before it returns: while (*) f (...); for each
 * function F an argument may denote. Their parameters are unknown to the points-to
 * analysis (it falls back on guesses by type). */
static void
lower_callbacks (Lower *L, CExpr *e, const char *name)
{
  for (guint i = 0; e->args && i < e->args->len; i++)
    {
      g_autoptr (GPtrArray) fs = callback_targets (L, g_ptr_array_index (e->args, i));
      if (fs->len == 0)
        continue;
      g_autofree char *key = g_strdup_printf ("callback:%s:%u:%u:%u", e->loc.file, e->loc.line, e->loc.col, i);
      warn_once (L, e->loc, key, "%s%s%s may call %s'%s'%s: assumed to call %s any number of times before it returns",
                 name ? "'" : "", name ? name : "a function through a pointer", name ? "'" : "",
                 fs->len > 1 ? "any of " : "", ((CDecl *) g_ptr_array_index (fs, 0))->name,
                 fs->len > 1 ? ", ..." : "", fs->len > 1 ? "them" : "it");
      guint loop = new_node (L, e->loc);
      edge (L, L->cur, loop, RF_OP_SKIP, -1, -1, e->loc, NULL);
      for (guint k = 0; k < fs->len; k++)
        {
          CDecl *f = g_ptr_array_index (fs, k);
          g_autofree char *t = g_strdup_printf ("%s calls back %s", name ? name : "callee", f->name);
          guint in = new_node (L, e->loc);
          edge (L, loop, in, RF_OP_SKIP, -1, -1, e->loc, t);
          L->cur = in;
          inline_call (L, f, NULL);
          edge (L, L->cur, loop, RF_OP_SKIP, -1, -1, e->loc, NULL);
        }
      L->cur = loop;
    }
}

static void
lower_unknown (Lower *L, CExpr *e, const char *name)
{
  if (name)
    {
      g_autofree char *key = g_strdup_printf ("unknown:%s", name);
      warn_once (L, e->a ? e->a->loc : e->loc, key, "call to '%s', which has no body: assumed to touch no shared memory "
                 "except by reading and writing what its pointer arguments point to", name);
    }
  for (guint i = 0; e->args && i < e->args->len; i++)
    {
      CExpr *arg = g_ptr_array_index (e->args, i);
      access_through (L, arg, ACC_RW, FALSE, e->loc);
      /* a mutex or semaphore it is given (by a pointer of its type, or to a struct
       * holding one) may be unlocked or posted there */
      CType *pt = pointee (L, type_of (L, c_peel (arg)));
      if (!L->quiet && pt && contains_sync (L, pt, 0))
        {
          g_autoptr (GPtrArray) ps = deref (L, arg);
          g_autoptr (GString) t = g_string_new (NULL);
          c_expr_text (arg, t);
          g_autofree char *why = g_strdup_printf ("'%s' is passed to %s%s%s at %s:%u:%u, which has no body", t->str,
                                                  name ? "'" : "a call through a function pointer", name ? name : "",
                                                  name ? "'" : "", e->loc.file ? e->loc.file : "?", e->loc.line,
                                                  e->loc.col);
          demote_places (L, ps, why);
        }
    }
  lower_callbacks (L, e, name);
}

/* T holds a pthread object (mutex, semaphore, ...). */
static gboolean
contains_sync (Lower *L, CType *t, int depth)
{
  if (sync_kind (t))
    return TRUE;
  t = strip (L, t);
  if (!t || depth > 8)
    return FALSE;
  if (t->kind == C_TYPE_ARRAY)
    return contains_sync (L, t->base, depth + 1);
  if ((t->kind == C_TYPE_STRUCT || t->kind == C_TYPE_UNION) && t->tag && t->tag->members)
    for (guint i = 0; i < t->tag->members->len; i++)
      if (contains_sync (L, ((CDecl *) g_ptr_array_index (t->tag->members, i))->type, depth + 1))
        return TRUE;
  return FALSE;
}

static Frame *
frame_new (CDecl *fn, Frame *up)
{
  Frame *f = g_new0 (Frame, 1);
  f->fn = fn;
  f->up = up;
  f->args = g_hash_table_new (NULL, NULL);
  f->labels = g_hash_table_new (g_str_hash, g_str_equal);
  f->brk = g_array_new (FALSE, FALSE, sizeof (guint));
  f->cont = g_array_new (FALSE, FALSE, sizeof (guint));
  return f;
}

static void
frame_free (Frame *f)
{
  g_hash_table_unref (f->args);
  g_hash_table_unref (f->labels);
  g_array_unref (f->brk);
  g_array_unref (f->cont);
  if (f->cases)
    g_hash_table_unref (f->cases);
  g_free (f);
}

/* Inlines FN's body at the current node (CALL gives the arguments, may be NULL).
 * A recursive call jumps back to the entry of the active instance and that
 * instance's return may come back after it: every call/return order is allowed,
 * an over-approximation of the call stack. */
static void
inline_call (Lower *L, CDecl *fn, CExpr *call)
{
  RfLoc loc = call ? call->loc : fn->loc;
  if (call)
    eval_args (L, call, 0);
  for (Frame *f = L->frame; f; f = f->up)
    if (f->fn == fn)
      {
        g_autofree char *t1 = g_strdup_printf ("call %s (recursive)", fn->name);
        g_autofree char *t2 = g_strdup_printf ("return from %s (recursive)", fn->name);
        edge (L, L->cur, f->entry, RF_OP_SKIP, -1, -1, loc, t1);
        guint after = new_node (L, loc);
        edge (L, f->ret, after, RF_OP_SKIP, -1, -1, loc, t2);
        L->cur = after;
        return;
      }
  Frame *f = frame_new (fn, L->frame);
  if (L->job->nodes->len > 1000000)
    {
      error_at (L, loc, "unsupported: the program is too large to inline every call (at the call of '%s')", fn->name);
      return;
    }
  if (call && call->args && fn->params)
    for (guint i = 0; i < fn->params->len && i < call->args->len; i++)
      g_hash_table_insert (f->args, g_ptr_array_index (fn->params, i), g_ptr_array_index (call->args, i));
  /* the entry node only starts the body (a recursive call may jump to it) */
  guint entry = new_node (L, fn->body->loc);
  g_autofree char *tc = g_strdup_printf ("call %s", fn->name);
  edge (L, L->cur, entry, RF_OP_SKIP, -1, -1, loc, tc);
  f->entry = entry;
  f->ret = new_node (L, fn->body->end);
  L->cur = entry;
  L->frame = f;
  lower_stmt (L, fn->body);
  g_autofree char *tr = g_strdup_printf ("return from %s", fn->name);
  edge (L, L->cur, f->ret, RF_OP_SKIP, -1, -1, fn->body->end, tr);
  L->cur = f->ret;
  L->frame = f->up;
  frame_free (f);
}

static void
lower_call (Lower *L, CExpr *e)
{
  const char *name = c_callee_name (e);
  CDecl *def = func_def (L, name);
  const RfCLibcFunc *f = rf_c_libc_lookup (name);
  if (L->cancels && !def && rf_c_libc_may_cancel (name) && !L->quiet)
    {
      /* the program cancels threads: a thread may end at any cancellation point
       * (deferred cancellation), holding what it holds */
      g_autofree char *t = g_strdup_printf ("cancelled in %s", name ? name : "a call");
      edge (L, L->cur, L->exit_node, RF_OP_SKIP, -1, -1, e->loc, t);
    }
  if (f && (f->flags & RF_C_LIBC_CANCELS))
    warn_once (L, e->a ? e->a->loc : e->loc, "pthread_cancel", "pthread_cancel: every thread may end at any "
               "call that may be a cancellation point (any call without a body but the pthread functions that "
               "are none)");
  if (f && (f->flags & RF_C_LIBC_NOT_WITH_CANCEL) && L->cancels)
    error_at (L, e->a ? e->a->loc : e->loc, "unsupported: pthread_cancel with %s", f->why);
  if (name && rf_c_libc_lowers (f, def && !def->in_system))
    {
      lower_library_call (L, e, name, f);
      return;
    }
  if (def)
    {
      inline_call (L, def, e);
      return;
    }
  if (name)
    {
      lower_unknown (L, e, name);
      return;
    }
  /* A call through a function pointer: the functions of its points-to set when it is
   * complete (those without a body: as calls to them by name); else any address-taken
   * function with as many parameters. */
  eval (L, e->a);
  guint nargs = e->args ? e->args->len : 0;
  GPtrArray *cands = g_ptr_array_new ();
  g_autoptr (GPtrArray) bodiless = g_ptr_array_new ();  /* const char*: names */
  g_autoptr (GPtrArray) locs = g_ptr_array_new ();
  if (L->pts && rf_c_points_lookup (L->pts, e->a, NULL, locs) && locs->len > 0)
    for (guint i = 0; i < locs->len; i++)
      {
        const RfCLoc *l = g_ptr_array_index (locs, i);
        CDecl *d = l->obj->kind == RF_C_OBJ_FUNC ? func_def (L, l->obj->decl->name) : NULL;
        if (d && !g_ptr_array_find (cands, d, NULL))
          g_ptr_array_add (cands, d);
        else if (!d)
          g_ptr_array_add (bodiless, l->obj->kind == RF_C_OBJ_FUNC ? (gpointer) l->obj->decl->name : NULL);
      }
  else
    for (guint i = 0; i < L->addr_func_list->len; i++)
      {
        CDecl *d = g_ptr_array_index (L->addr_func_list, i);
        if (d->params && d->params->len == nargs)
          g_ptr_array_add (cands, d);
      }
  g_autoptr (GString) t = g_string_new (NULL);
  c_expr_text (e->a, t);
  if (bodiless->len > 0)
    {
      /* targets without a body (or data): each a branch of its own */
      guint start = L->cur, j = new_node (L, e->loc);
      for (guint i = 0; i < cands->len; i++)
        {
          L->cur = start;
          inline_call (L, g_ptr_array_index (cands, i), e);
          edge (L, L->cur, j, RF_OP_SKIP, -1, -1, e->loc, NULL);
        }
      for (guint i = 0; i < bodiless->len; i++)
        {
          const char *n = g_ptr_array_index (bodiless, i);
          L->cur = start;
          if (n && rf_c_libc_lowers (rf_c_libc_lookup (n), FALSE))
            lower_library_call (L, e, n, rf_c_libc_lookup (n));
          else
            lower_unknown (L, e, n);
          edge (L, L->cur, j, RF_OP_SKIP, -1, -1, e->loc, NULL);
        }
      L->cur = j;
    }
  else if (cands->len == 0)
    {
      g_autofree char *key = g_strdup_printf ("fp:%s", t->str);
      warn_once (L, e->loc, key, "call through '%s' with no known target: assumed to touch no shared memory "
                 "except by reading and writing what its pointer arguments point to", t->str);
      lower_unknown (L, e, NULL);
    }
  else
    {
      guint start = L->cur, j = new_node (L, e->loc);
      for (guint i = 0; i < cands->len; i++)
        {
          L->cur = start;
          inline_call (L, g_ptr_array_index (cands, i), e);
          edge (L, L->cur, j, RF_OP_SKIP, -1, -1, e->loc, NULL);
        }
      L->cur = j;
    }
  g_ptr_array_unref (cands);
}

/* ---- statements ---- */

static guint
label_node (Lower *L, const char *label, RfLoc loc)
{
  gpointer v = g_hash_table_lookup (L->frame->labels, label);
  if (v)
    return GPOINTER_TO_UINT (v) - 1;
  guint n = new_node (L, loc);
  g_hash_table_insert (L->frame->labels, (gpointer) label, GUINT_TO_POINTER (n + 1));
  return n;
}

/* The case and default labels of a switch body (not of nested switches). */
static CVisitResult
case_label (CStmt *s, gpointer out)
{
  if (s->kind == C_STMT_SWITCH)
    return C_VISIT_SKIP;  /* its labels are its own */
  if (s->kind == C_STMT_CASE || s->kind == C_STMT_DEFAULT)
    g_ptr_array_add (out, s);
  return C_VISIT_CONTINUE;
}

static void
collect_cases (CStmt *s, GPtrArray *out)
{
  CVisitor v = { .stmt = case_label, .no_exprs = TRUE, .data = out };
  c_visit_stmt (&v, s);
}

/* ---- counted loops ---- */

enum { MAX_UNROLL = 16 };

/* Touch: what `touches` looks for. d: the counter; switches: switch statements around
 * the statement being walked. */
typedef struct {
  CDecl *d;
  int switches;
} Touch;

static gboolean stmt_touches (CStmt *s, CDecl *d);

/* An expression assigning D, incrementing it or taking its address. */
static CVisitResult
touch_expr (CExpr *e, gpointer data)
{
  Touch *t = data;
  CExpr *a = c_peel (e->a);
  gboolean is_d = a && a->kind == C_EXPR_IDENT && a->decl == t->d;
  if (e->kind == C_EXPR_ASSIGN && is_d)
    return C_VISIT_STOP;
  if (e->kind == C_EXPR_UNARY && is_d
      && (e->op == C_OP_ADDR || e->op == C_OP_PREINC || e->op == C_OP_PREDEC || e->op == C_OP_POSTINC
          || e->op == C_OP_POSTDEC))
    return C_VISIT_STOP;
  /* a statement expression (atomic_load and other library macros) is looked into,
   * with no switch around */
  if (e->kind == C_EXPR_STMT_EXPR)
    return !e->stmt || stmt_touches (e->stmt, t->d) ? C_VISIT_STOP : C_VISIT_SKIP;
  return C_VISIT_CONTINUE;
}

/* A label (or a case of an enclosing switch) that lowering a statement twice would
 * merge, or an asm statement or a computed goto, which may do anything. */
static CVisitResult
touch_stmt (CStmt *s, gpointer data)
{
  Touch *t = data;
  switch (s->kind)
    {
    case C_STMT_LABEL: case C_STMT_LOCAL_LABEL: case C_STMT_ASM: case C_STMT_GOTO_PTR:
      return C_VISIT_STOP;
    case C_STMT_CASE: case C_STMT_DEFAULT:
      return t->switches == 0 ? C_VISIT_STOP : C_VISIT_CONTINUE;
    case C_STMT_SWITCH:
      t->switches++;
      return C_VISIT_CONTINUE;
    default:
      return C_VISIT_CONTINUE;
    }
}

static void
touch_stmt_done (CStmt *s, gpointer data)
{
  if (s->kind == C_STMT_SWITCH)
    ((Touch *) data)->switches--;
}

/* S assigns D or takes its address, or holds a label (or a case of an enclosing
 * switch) that lowering it twice would merge. */
static gboolean
stmt_touches (CStmt *s, CDecl *d)
{
  Touch t = { d, 0 };
  CVisitor v = { .stmt = touch_stmt, .stmt_done = touch_stmt_done, .expr = touch_expr, .data = &t };
  return c_visit_stmt (&v, s);
}

/* E assigns D or takes its address. */
static gboolean
expr_touches (CExpr *e, CDecl *d)
{
  Touch t = { d, 0 };
  CVisitor v = { .stmt = touch_stmt, .stmt_done = touch_stmt_done, .expr = touch_expr, .data = &t };
  return c_visit_expr (&v, e);
}

static CVisitResult
addr_of_d (CExpr *e, gpointer d)
{
  CExpr *a = c_peel (e->a);
  return e->kind == C_EXPR_UNARY && e->op == C_OP_ADDR && a && a->kind == C_EXPR_IDENT && a->decl == d
         ? C_VISIT_STOP : C_VISIT_CONTINUE;
}

/* S takes the address of D somewhere. */
static gboolean
stmt_takes_addr (CStmt *s, CDecl *d)
{
  CVisitor v = { .expr = addr_of_d, .data = d };
  return c_visit_stmt (&v, s);
}

/* The number of iterations of counted loop S: `for (i = A; i < B; i++)` (or `int i =
 * A`, `<=`, `!=`, `++i`, `i += 1`) with constants A and B, a local integer i that the
 * body never assigns and whose address the function never takes, and a body with no
 * label. Such a loop runs its body exactly that many times unless the body leaves it
 * (break, return, goto), so it can be unrolled. -1 for any other loop. */
static gint
counted_loop (Lower *L, CStmt *s)
{
  if (s->kind != C_STMT_FOR || !s->init || !s->expr || !s->expr2)
    return -1;
  CDecl *d = NULL;
  gint64 from, to;
  if (s->init->kind == C_STMT_DECL && s->init->items && s->init->items->len == 1)
    {
      d = g_ptr_array_index (s->init->items, 0);
      if (!d->init || !d->init->expr || !c_const_int (d->init->expr, &from))
        return -1;
    }
  else if (s->init->kind == C_STMT_EXPR && s->init->expr && s->init->expr->kind == C_EXPR_ASSIGN
           && s->init->expr->op == C_OP_ASSIGN)
    {
      CExpr *a = c_peel (s->init->expr->a);
      if (!a || a->kind != C_EXPR_IDENT || !c_const_int (s->init->expr->b, &from))
        return -1;
      d = a->decl;
    }
  if (!d || d->kind != C_DECL_VAR || c_is_static_object (d))
    return -1;
  CType *t = strip (L, d->type);
  if (!t || t->kind != C_TYPE_BASIC)
    return -1;
  /* condition: i < B, i <= B, i != B */
  CExpr *c = c_peel (s->expr);
  if (!c || c->kind != C_EXPR_BINARY || !(c->op == C_OP_LT || c->op == C_OP_LE || c->op == C_OP_NE))
    return -1;
  CExpr *ci = c_peel (c->a);
  if (!ci || ci->kind != C_EXPR_IDENT || ci->decl != d || !c_const_int (c->b, &to))
    return -1;
  if (c->op == C_OP_LE)
    to++;
  /* step: i++, ++i, i += 1 */
  CExpr *st = c_peel (s->expr2), *sa = st ? c_peel (st->a) : NULL;
  gint64 one = 0;
  gboolean inc = st && sa && sa->kind == C_EXPR_IDENT && sa->decl == d
                 && ((st->kind == C_EXPR_UNARY && (st->op == C_OP_POSTINC || st->op == C_OP_PREINC))
                     || (st->kind == C_EXPR_ASSIGN && st->op == C_OP_ADD_ASSIGN && c_const_int (st->b, &one)
                         && one == 1));
  if (!inc || to < from || to - from > MAX_UNROLL || (c->op == C_OP_NE && to < from))
    return -1;
  /* the counter must reach the bound without wrapping round (a signed char counting
   * to 128 never stops) or saturating (a _Bool), and be an integer */
  gint64 lo, hi;
  switch (t->basic)
    {
    case C_BASIC_CHAR: case C_BASIC_SCHAR: lo = G_MININT8; hi = G_MAXINT8; break;
    case C_BASIC_UCHAR: lo = 0; hi = G_MAXUINT8; break;
    case C_BASIC_SHORT: lo = G_MININT16; hi = G_MAXINT16; break;
    case C_BASIC_USHORT: lo = 0; hi = G_MAXUINT16; break;
    case C_BASIC_INT: lo = G_MININT32; hi = G_MAXINT32; break;
    case C_BASIC_UINT: lo = 0; hi = G_MAXUINT32; break;
    case C_BASIC_LONG: case C_BASIC_LLONG: case C_BASIC_INT128: lo = G_MININT64; hi = G_MAXINT64; break;
    case C_BASIC_ULONG: case C_BASIC_ULLONG: case C_BASIC_UINT128: lo = 0; hi = G_MAXINT64; break;
    default: return -1;  /* _Bool, floating, other builtins */
    }
  if (from < lo || to > hi)
    return -1;
  if (stmt_touches (s->body, d) || expr_touches (s->expr, d))
    return -1;
  /* no &i anywhere in the function (a pointer could change i) */
  for (Frame *f = L->frame; f; f = f->up)
    if (f->fn == L->frame->fn)
      {
        if (f->fn && f->fn->body && stmt_takes_addr (f->fn->body, d))
          return -1;
        break;
      }
  return (gint) (to - from);
}

static void
loop_push (Lower *L, guint brk, guint cont)
{
  g_array_append_val (L->frame->brk, brk);
  g_array_append_val (L->frame->cont, cont);
}

static void
loop_pop (Lower *L)
{
  g_array_set_size (L->frame->brk, L->frame->brk->len - 1);
  g_array_set_size (L->frame->cont, L->frame->cont->len - 1);
}

/* A counted loop (see counted_loop): its body N times in sequence. */
static void
lower_counted_loop (Lower *L, CStmt *s, gint n)
{
  lower_stmt (L, s->init);
  guint out = new_node (L, s->loc);
  for (gint k = 0; k < n; k++)
    {
      guint next = new_node (L, s->loc);
      g_autofree char *txt = g_strdup_printf ("for: iteration %d of %d", k + 1, n);
      fresh_kill (L, s, NULL, 0);  /* what the last iteration made fresh may be out */
      guint body = new_node (L, s->body ? s->body->loc : s->loc);
      edge (L, L->cur, body, RF_OP_SKIP, -1, -1, s->loc, txt);
      L->cur = body;
      loop_push (L, out, next);
      lower_stmt (L, s->body);
      loop_pop (L);
      edge (L, L->cur, next, RF_OP_SKIP, -1, -1, s->loc, NULL);
      L->cur = next;
    }
  edge (L, L->cur, out, RF_OP_SKIP, -1, -1, s->loc, "for: done");
  L->cur = out;
}

/* while (c) body; for (init; c; step) body: the condition is data, so it may hold or
 * fail at every test. */
static void
lower_loop (Lower *L, CStmt *s)
{
  if (s->kind == C_STMT_FOR && s->init)
    lower_stmt (L, s->init);
  guint head = new_node (L, s->loc);
  edge (L, L->cur, head, RF_OP_SKIP, -1, -1, s->loc, s->kind == C_STMT_FOR ? "for" : "while");
  guint body = new_node (L, s->body ? s->body->loc : s->loc), out = new_node (L, s->loc);
  guint step = s->kind == C_STMT_FOR ? new_node (L, s->loc) : head;
  L->cur = head;
  if (s->expr)
    lower_cond (L, s->expr, body, out);
  else
    edge (L, head, body, RF_OP_SKIP, -1, -1, s->loc, "loop");
  L->cur = body;
  loop_push (L, out, step);
  lower_stmt (L, s->body);
  loop_pop (L);
  if (step != head)
    {
      edge (L, L->cur, step, RF_OP_SKIP, -1, -1, s->loc, NULL);
      L->cur = step;
      eval (L, s->expr2);
    }
  edge (L, L->cur, head, RF_OP_SKIP, -1, -1, s->loc, "loop");
  L->cur = out;
}

static void
lower_decl (Lower *L, CDecl *d)
{
  if (d->kind != C_DECL_VAR || c_is_static_object (d))
    return;
  /* __attribute__ ((cleanup (f))): f (&d) runs when d leaves its scope, which the
   * model does not follow (leaving it out could keep a lock held for ever) */
  for (guint i = 0; d->attrs && i < d->attrs->len; i++)
    {
      const char *a = g_ptr_array_index (d->attrs, i);
      if (a && strstr (a, "cleanup") && !L->quiet)
        {
          g_autofree char *key = g_strdup_printf ("cleanup:%p", (void *) d);
          if (!g_hash_table_contains (L->warned, key))
            {
              g_hash_table_add (L->warned, g_steal_pointer (&key));
              error_at (L, d->loc, "unsupported: __attribute__ ((cleanup)) on '%s' (the model does not run the "
                        "cleanup function when '%s' leaves its scope)", d->name ? d->name : "?",
                        d->name ? d->name : "?");
            }
        }
    }
  /* variable-length array bounds are evaluated at the declaration */
  for (CType *t = d->type; t && t->kind == C_TYPE_ARRAY; t = t->base)
    eval (L, t->expr);
  if (!d->init)
    return;
  if (d->init->expr)
    {
      CType *t = strip (L, d->type);
      if (t && t->kind == C_TYPE_ARRAY && d->init->expr->kind == C_EXPR_STRING)
        ;
      else
        eval (L, d->init->expr);
    }
  else
    eval_init (L, d->init);
  RfCObj *r = root_of_decl (L, d, cur_fn (L));
  if (r)
    {
      g_autoptr (GPtrArray) ps = places_new ();
      g_ptr_array_add (ps, (gpointer) rf_c_objects_loc (L->objs, r, ""));
      access (L, ps, ACC_WRITE, FALSE, d->loc);
    }
}

static void
lower_stmt_kind (Lower *L, CStmt *s)
{
  switch (s->kind)
    {
    case C_STMT_COMPOUND:
      for (guint i = 0; s->items && i < s->items->len; i++)
        lower_stmt (L, g_ptr_array_index (s->items, i));
      return;
    case C_STMT_DECL:
      for (guint i = 0; s->items && i < s->items->len; i++)
        lower_decl (L, g_ptr_array_index (s->items, i));
      return;
    case C_STMT_EXPR:
      eval (L, s->expr);
      return;
    case C_STMT_IF:
      {
        guint t = new_node (L, s->body ? s->body->loc : s->loc);
        guint f = new_node (L, s->else_body ? s->else_body->loc : s->loc);
        lower_cond (L, s->expr, t, f);
        fresh_gen_in_test (L, s->expr);
        g_autoptr (GHashTable) before = fresh_copy (L->fresh);
        L->cur = t;
        lower_stmt (L, s->body);
        guint after_then = L->cur;
        g_autoptr (GHashTable) then_fresh = fresh_copy (L->fresh);
        g_hash_table_remove_all (L->fresh);
        g_hash_table_unref (L->fresh);
        L->fresh = g_steal_pointer (&before);
        L->cur = f;
        lower_stmt (L, s->else_body);
        fresh_meet (L, then_fresh);
        edge (L, after_then, L->cur, RF_OP_SKIP, -1, -1, s->loc, "end if");
      }
      return;
    case C_STMT_FOR: case C_STMT_WHILE:
      {
        gint n = counted_loop (L, s);
        if (n >= 0)
          lower_counted_loop (L, s, n);
        else
          lower_loop (L, s);
      }
      return;
    case C_STMT_DO:
      {
        guint body = new_node (L, s->body ? s->body->loc : s->loc);
        edge (L, L->cur, body, RF_OP_SKIP, -1, -1, s->loc, "do");
        guint cond = new_node (L, s->expr ? s->expr->loc : s->loc), out = new_node (L, s->loc);
        L->cur = body;
        loop_push (L, out, cond);
        lower_stmt (L, s->body);
        loop_pop (L);
        edge (L, L->cur, cond, RF_OP_SKIP, -1, -1, s->loc, NULL);
        L->cur = cond;
        lower_cond (L, s->expr, body, out);
        L->cur = out;
      }
      return;
    case C_STMT_SWITCH:
      {
        eval (L, s->expr);
        g_autoptr (GPtrArray) cases = g_ptr_array_new ();
        collect_cases (s->body, cases);
        GHashTable *saved = L->frame->cases;
        L->frame->cases = g_hash_table_new (NULL, NULL);
        guint head = L->cur, out = new_node (L, s->loc);
        gboolean has_default = FALSE;
        for (guint i = 0; i < cases->len; i++)
          {
            CStmt *c = g_ptr_array_index (cases, i);
            guint n = new_node (L, c->loc);
            g_hash_table_insert (L->frame->cases, c, GUINT_TO_POINTER (n + 1));
            edge (L, head, n, RF_OP_SKIP, -1, -1, c->loc, c->kind == C_STMT_DEFAULT ? "default" : "case");
            if (c->kind == C_STMT_DEFAULT)
              has_default = TRUE;
          }
        if (!has_default)
          edge (L, head, out, RF_OP_SKIP, -1, -1, s->loc, "no case");
        dead (L, s->loc);
        guint cont = L->frame->cont->len ? g_array_index (L->frame->cont, guint, L->frame->cont->len - 1) : out;
        loop_push (L, out, cont);
        lower_stmt (L, s->body);
        loop_pop (L);
        edge (L, L->cur, out, RF_OP_SKIP, -1, -1, s->loc, NULL);
        L->cur = out;
        g_hash_table_unref (L->frame->cases);
        L->frame->cases = saved;
      }
      return;
    case C_STMT_CASE: case C_STMT_DEFAULT:
      {
        gpointer v = L->frame->cases ? g_hash_table_lookup (L->frame->cases, s) : NULL;
        if (v)
          {
            guint n = GPOINTER_TO_UINT (v) - 1;
            edge (L, L->cur, n, RF_OP_SKIP, -1, -1, s->loc, NULL);  /* fallthrough */
            L->cur = n;
          }
        lower_stmt (L, s->body);
      }
      return;
    case C_STMT_LABEL:
      {
        guint n = label_node (L, s->label, s->loc);
        edge (L, L->cur, n, RF_OP_SKIP, -1, -1, s->loc, NULL);
        L->cur = n;
        lower_stmt (L, s->body);
      }
      return;
    case C_STMT_GOTO:
      {
        g_autofree char *t = g_strdup_printf ("goto %s", s->label);
        edge (L, L->cur, label_node (L, s->label, s->loc), RF_OP_SKIP, -1, -1, s->loc, t);
        dead (L, s->loc);
      }
      return;
    case C_STMT_GOTO_PTR:
      error_at (L, s->loc, "unsupported: computed goto");
      return;
    case C_STMT_BREAK: case C_STMT_CONTINUE:
      {
        GArray *st = s->kind == C_STMT_BREAK ? L->frame->brk : L->frame->cont;
        if (st->len)
          edge (L, L->cur, g_array_index (st, guint, st->len - 1), RF_OP_SKIP, -1, -1, s->loc,
                s->kind == C_STMT_BREAK ? "break" : "continue");
        dead (L, s->loc);
      }
      return;
    case C_STMT_RETURN:
      eval (L, s->expr);
      edge (L, L->cur, L->frame->ret, RF_OP_SKIP, -1, -1, s->loc, "return");
      dead (L, s->loc);
      return;
    case C_STMT_ASM:
      error_at (L, s->loc, "unsupported: asm statement (its effect on shared memory is unknown)");
      return;
    case C_STMT_LOCAL_LABEL:
      return;
    }
}

/* ---- pre-pass: address-taken objects, escaping locals, heap sites ---- */

/* P_HANDLE: the operand of pthread_create's first argument `&t`; P_DISCARD: a value
 * that is dropped or only tested (an expression statement, a condition). */
enum { P_NOESC = 1, P_NODECAY = 2, P_HANDLE = 4, P_DISCARD = 8 };

static void pre_expr (Lower *L, CExpr *e, guint flags, CType *hint);


static void
pre_init (Lower *L, CInit *in, CType *hint)
{
  if (!in)
    return;
  if (in->expr)
    {
      pre_expr (L, in->expr, 0, hint);
      return;
    }
  for (guint i = 0; in->items && i < in->items->len; i++)
    {
      CInitItem *it = g_ptr_array_index (in->items, i);
      pre_init (L, it->init, NULL);
    }
}

/* Marks the object lvalue E is part of as address-taken. */
static void
take_address (Lower *L, CExpr *e, guint flags)
{
  e = c_peel (e);
  while (e && ((e->kind == C_EXPR_MEMBER && !e->arrow)
               || (e->kind == C_EXPR_INDEX && strip (L, type_of (L, e->a))
                   && strip (L, type_of (L, e->a))->kind == C_TYPE_ARRAY)))
    e = c_peel (e->a);
  if (e && e->kind == C_EXPR_COMPOUND_LIT)
    {
      /* its address may reach another thread: an object of its own */
      g_autofree char *base = g_path_get_basename (e->loc.file ? e->loc.file : "?");
      g_autofree char *name = g_strdup_printf ("literal@%s:%u", base, e->loc.line);
      RfCObj *r = root_add (L, RF_C_OBJ_LITERAL, e, name, e->type, TRUE, e->loc);
      r->reachable = TRUE;
      return;
    }
  if (!e || e->kind != C_EXPR_IDENT || !e->decl)
    return;
  CDecl *d = e->decl;
  if (d->kind == C_DECL_FUNC)
    {
      CDecl *def = func_def (L, d->name);
      if (def && !g_hash_table_contains (L->addr_funcs, def))
        {
          g_hash_table_add (L->addr_funcs, def);
          g_ptr_array_add (L->addr_func_list, def);
        }
      return;
    }
  if (d->kind != C_DECL_VAR && d->kind != C_DECL_PARAM)
    return;
  handle_mark (L, d, (flags & P_HANDLE) ? HANDLE_CREATED : HANDLE_BAD);
  if (c_is_static_object (d))
    {
      if (d->thread_local && !(flags & P_NOESC))
        g_hash_table_add (L->escaped, d);
      RfCObj *r = root_of_decl (L, d, L->pfn);
      if (r)
        r->reachable = TRUE;
      return;
    }
  g_hash_table_add (L->assigned, d);
  if (!(flags & P_NOESC))
    g_hash_table_add (L->escaped, d);
}

static void
pre_stmt (Lower *L, CStmt *s);

/* Argument I (> 0) of atomic operation CALL is a value of the atomic object's
 * pointer type (stored into it), not a pointer to such a value. */
static gboolean
atomic_value (Lower *L, CExpr *call, guint i)
{
  CExpr *obj = c_arg (call, 0), *a = c_arg (call, i);
  CType *w = pointee (L, type_of (L, obj)), *t = type_of (L, a);
  if (i == 0 || !a || !is_pointerish (L, w) || !is_pointerish (L, t))
    return FALSE;
  CType *pt = pointee (L, t);
  return !(is_pointerish (L, pt) && compatible (L, pt, w));
}

static void
pre_expr (Lower *L, CExpr *e, guint flags, CType *hint)
{
  if (!e)
    return;
  switch (e->kind)
    {
    case C_EXPR_IDENT:
      /* mutex types (in pthread_mutexattr_settype, or a static initializer such as
       * PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP) */
      if (e->text && g_str_has_prefix (e->text, "PTHREAD_MUTEX_RECURSIVE"))
        L->mutex_recursive = TRUE;
      else if (e->text && g_str_has_prefix (e->text, "PTHREAD_MUTEX_ERRORCHECK"))
        L->mutex_other = TRUE;
      if (e->decl && e->decl->kind == C_DECL_FUNC)
        take_address (L, e, flags);
      else if (!(flags & P_NODECAY) && e->decl && strip (L, e->decl->type)
               && strip (L, e->decl->type)->kind == C_TYPE_ARRAY)
        take_address (L, e, flags);
      return;
    case C_EXPR_UNARY:
      if (e->op == C_OP_ADDR)
        {
          take_address (L, e->a, flags);
          pre_expr (L, e->a, P_NODECAY, NULL);
          return;
        }
      if (e->op == C_OP_PREINC || e->op == C_OP_PREDEC || e->op == C_OP_POSTINC || e->op == C_OP_POSTDEC)
        {
          CExpr *a = c_peel (e->a);
          if (a && a->kind == C_EXPR_IDENT && a->decl)
            g_hash_table_add (L->assigned, a->decl);
          handle_mark (L, handle_root (L, e->a, NULL), HANDLE_BAD);
        }
      pre_expr (L, e->a, 0, NULL);
      return;
    case C_EXPR_ASSIGN:
      {
        CExpr *a = c_peel (e->a);
        if (a && a->kind == C_EXPR_IDENT && a->decl)
          g_hash_table_add (L->assigned, a->decl);
        handle_mark (L, handle_root (L, e->a, NULL), HANDLE_BAD);
        pre_expr (L, e->a, P_NODECAY, NULL);
        pre_expr (L, e->b, 0, pointee (L, type_of (L, e->a)));
      }
      return;
    case C_EXPR_CAST:
      pre_expr (L, e->a, (flags & P_NOESC) | (strip (L, e->type) && strip (L, e->type)->kind == C_TYPE_VOID
                                              ? P_DISCARD : 0), pointee (L, e->type));
      return;
    case C_EXPR_CALL:
      {
        const char *n = c_callee_name (e);
        if (is_alloc (n) && !root_find (L, RF_C_OBJ_HEAP, e))
          {
            g_autofree char *base = g_path_get_basename (e->loc.file ? e->loc.file : "?");
            g_autofree char *name = g_strdup_printf ("heap@%s:%u", base, e->loc.line);
            CType *t = hint && !type_is_any (L, hint) ? hint : NULL;
            RfCObj *r = root_add (L, RF_C_OBJ_HEAP, e, name, t, TRUE, e->loc);
            r->reachable = TRUE;
          }
        if (L->pfn)
          {
            GHashTable *callees = g_hash_table_lookup (L->calls, L->pfn);
            if (!callees)
              {
                callees = g_hash_table_new (NULL, NULL);
                g_hash_table_insert (L->calls, L->pfn, callees);
              }
            CDecl *target = func_def (L, n);
            /* NULL: a call through a pointer, to any address-taken function (a call by
             * name to code without a body calls nothing back in the model) */
            if (target || !n)
              g_hash_table_add (callees, target);
          }
        const RfCLibcFunc *lib = rf_c_libc_lookup (n);
        RfCLibcEffect k = lib ? lib->effect : RF_C_LIBC_UNMODELLED;
        if (n && k == RF_C_LIBC_UNMODELLED && !func_def (L, n))
          L->unknown_calls = TRUE;
        if (lib && (lib->flags & RF_C_LIBC_CANCELS))
          L->cancels = TRUE;
        if (lib && (lib->flags & RF_C_LIBC_MUTEX_TYPE))
          {
            /* a type given by its name is seen at the name (C_EXPR_IDENT) */
            CExpr *a = c_peel (c_arg (e, 1));
            if (!(a && a->kind == C_EXPR_IDENT && g_str_has_prefix (a->text, "PTHREAD_MUTEX_")))
              L->mutex_other = TRUE;
          }
        gboolean noesc = k != RF_C_LIBC_UNMODELLED && k != RF_C_LIBC_CREATE && k != RF_C_LIBC_UNSUPPORTED
                         && !(func_def (L, n) && k == RF_C_LIBC_PURE);
        CExpr *f = c_peel (e->a);
        if (!(f && f->kind == C_EXPR_IDENT && f->decl && f->decl->kind == C_DECL_FUNC))
          pre_expr (L, e->a, 0, NULL);
        if (k == RF_C_LIBC_JOIN && e->args && e->args->len > 0)
          handle_mark (L, handle_root (L, g_ptr_array_index (e->args, 0), NULL), HANDLE_JOINED);
        /* a library function handing out a pointer into its first argument (its
         * result when used, strtol's end pointer) lets it escape; so does a value an
         * atomic operation stores */
        gboolean leaks0 = rf_c_points_leaks_first_argument (e, n, !(flags & P_DISCARD));
        for (guint i = 0; e->args && i < e->args->len; i++)
          {
            gboolean kept = (i == 0 && leaks0)
                            || ((k == RF_C_LIBC_ATOMIC_STORE || k == RF_C_LIBC_ATOMIC_STORE_GENERIC
                                 || k == RF_C_LIBC_ATOMIC_RMW) && atomic_value (L, e, i));
            pre_expr (L, g_ptr_array_index (e->args, i),
                      ((noesc && !kept) || (k == RF_C_LIBC_CREATE && i != 3) ? P_NOESC : 0)
                      | (k == RF_C_LIBC_CREATE && i == 0 ? P_HANDLE : 0),
                      NULL);
          }
      }
      return;
    case C_EXPR_MEMBER: case C_EXPR_INDEX:
      /* an array member or row decays to a pointer into its object */
      if (!(flags & P_NODECAY) && strip (L, type_of (L, e)) && strip (L, type_of (L, e))->kind == C_TYPE_ARRAY)
        take_address (L, e, flags);
      if (e->kind == C_EXPR_MEMBER)
        pre_expr (L, e->a, e->arrow ? 0 : P_NODECAY, NULL);
      else
        {
          pre_expr (L, e->a, P_NODECAY, NULL);
          pre_expr (L, e->b, P_NODECAY, NULL);
        }
      return;
    case C_EXPR_SIZEOF: case C_EXPR_ALIGNOF: case C_EXPR_OFFSETOF: case C_EXPR_TYPES_COMPAT:
      return;
    case C_EXPR_COMPOUND_LIT:
      if (!(flags & P_NODECAY) && strip (L, e->type) && strip (L, e->type)->kind == C_TYPE_ARRAY)
        take_address (L, e, flags);
      pre_init (L, e->init, NULL);
      return;
    case C_EXPR_STMT_EXPR:
      pre_stmt (L, e->stmt);
      return;
    case C_EXPR_GENERIC:
      pre_expr (L, e->a, 0, NULL);
      for (guint i = 0; e->args && i < e->args->len; i++)
        pre_expr (L, ((CGenericAssoc *) g_ptr_array_index (e->args, i))->expr, 0, NULL);
      return;
    case C_EXPR_COND:
      pre_expr (L, e->a, 0, NULL);
      pre_expr (L, e->b, flags & P_NOESC, hint);
      pre_expr (L, e->c, flags & P_NOESC, hint);
      return;
    case C_EXPR_COMMA:
      pre_expr (L, e->a, 0, NULL);
      pre_expr (L, e->b, flags & P_NOESC, hint);
      return;
    default:
      pre_expr (L, e->a, 0, NULL);
      pre_expr (L, e->b, 0, NULL);
      pre_expr (L, e->c, 0, NULL);
      return;
    }
}

static CVisitResult
pre_stmt_parts (CStmt *s, gpointer data)
{
  Lower *L = data;
  gboolean dropped = s->kind == C_STMT_EXPR || s->kind == C_STMT_IF || s->kind == C_STMT_WHILE
                     || s->kind == C_STMT_DO || s->kind == C_STMT_FOR;
  pre_expr (L, s->expr, dropped ? P_DISCARD : 0, NULL);
  pre_expr (L, s->expr2, s->kind == C_STMT_FOR ? P_DISCARD : 0, NULL);
  for (guint i = 0; s->kind == C_STMT_DECL && s->items && i < s->items->len; i++)
    {
      CDecl *d = g_ptr_array_index (s->items, i);
      if (d->kind == C_DECL_VAR)
        pre_init (L, d->init, pointee (L, d->type));
    }
  return C_VISIT_CONTINUE;
}

static void
pre_stmt (Lower *L, CStmt *s)
{
  CVisitor v = { .stmt = pre_stmt_parts, .no_exprs = TRUE, .data = L };
  c_visit_stmt (&v, s);
}

/* ---- thread-private heap objects ---- */

/* A heap object stays private to the thread that allocated it when the only pointer
 * to it ever made is a local pointer variable p that gets nothing but fresh
 * allocations (or null), and p is only dereferenced (*p, p->f, p[i]), compared, or
 * passed to a known libc or pthread function that keeps no copy (free, memset,
 * printf, pthread_mutex_lock (&p->m), ...; whose result, when it is a pointer, is not
 * used). Any other use of p -- stored, returned, passed to pthread_exit, to an atomic
 * store, to a function with a body or to pthread_create, &p anywhere, &p->f stored,
 * arithmetic -- may hand the object to another thread, and then p is "bad". An allocation stored in a good p gives a private root: no access to it is
 * shared, so it gets no place. */
enum { PV_VALUE, PV_DEREF, PV_TEST, PV_DISCARD, PV_ESCAPE_LV };

static void priv_expr (Lower *L, CExpr *e, int ctx);

static CDecl *
priv_local (Lower *L, CExpr *e)
{
  e = c_peel (e);
  if (!e || e->kind != C_EXPR_IDENT || !e->decl || e->decl->kind != C_DECL_VAR || c_is_static_object (e->decl))
    return NULL;
  return is_pointerish (L, e->decl->type) ? e->decl : NULL;
}

/* The value assigned to local pointer D (the right side of `d = V` or its initializer). */
static void
priv_define (Lower *L, CDecl *d, CExpr *v)
{
  CExpr *pv = c_peel (v);
  if (pv && pv->kind == C_EXPR_INT && strcmp (pv->text, "0") == 0)
    return;
  const char *n = pv && pv->kind == C_EXPR_CALL ? c_callee_name (pv) : NULL;
  if (n && is_alloc (n) && !func_def (L, n))
    {
      for (guint i = 0; pv->args && i < pv->args->len; i++)
        {
          CExpr *a = g_ptr_array_index (pv->args, i);
          /* p = realloc (p, n): the same object (or a new one) back in p */
          priv_expr (L, a, i == 0 && priv_local (L, a) == d ? PV_DISCARD : PV_VALUE);
        }
      g_hash_table_insert (L->priv_sites, pv, d);
      return;
    }
  g_hash_table_add (L->priv_bad, d);
  priv_expr (L, v, PV_VALUE);
}

static gboolean
priv_keeps_nothing (RfCLibcEffect k)
{
  switch (k)
    {
    case RF_C_LIBC_READS: case RF_C_LIBC_WRITE0: case RF_C_LIBC_WRITE0_ONLY: case RF_C_LIBC_SCANF:
    case RF_C_LIBC_SSCANF: case RF_C_LIBC_PURE: case RF_C_LIBC_FREE: case RF_C_LIBC_LOCK: case RF_C_LIBC_UNLOCK:
    case RF_C_LIBC_TRYLOCK: case RF_C_LIBC_TRY_RDLOCK: case RF_C_LIBC_TRY_WRLOCK: case RF_C_LIBC_WAIT:
    case RF_C_LIBC_SIGNAL: case RF_C_LIBC_BROADCAST: case RF_C_LIBC_SEM_INIT: case RF_C_LIBC_SEM_POST:
    case RF_C_LIBC_SEM_WAIT: case RF_C_LIBC_SEM_TRYWAIT:
      return TRUE;
    default:
      return FALSE;
    }
}

static void
priv_expr (Lower *L, CExpr *e, int ctx)
{
  if (!e)
    return;
  CType *t = strip (L, type_of (L, e));
  /* a subobject array used as a value decays to a pointer into the object */
  if (ctx == PV_VALUE && t && t->kind == C_TYPE_ARRAY
      && (e->kind == C_EXPR_MEMBER || e->kind == C_EXPR_INDEX || (e->kind == C_EXPR_UNARY && e->op == C_OP_DEREF)))
    ctx = PV_ESCAPE_LV;
  switch (e->kind)
    {
    case C_EXPR_IDENT:
      {
        CDecl *d = priv_local (L, e);
        if (d && (ctx == PV_VALUE || ctx == PV_ESCAPE_LV))
          g_hash_table_add (L->priv_bad, d);
      }
      return;
    case C_EXPR_CAST:
      priv_expr (L, e->a, ctx);
      return;
    case C_EXPR_UNARY:
      switch (e->op)
        {
        case C_OP_DEREF:
          priv_expr (L, e->a, ctx == PV_ESCAPE_LV ? PV_VALUE : PV_DEREF);
          return;
        case C_OP_ADDR:
          /* &p: p's value can be read (or written) through it anywhere */
          if (priv_local (L, e->a))
            {
              g_hash_table_add (L->priv_bad, priv_local (L, e->a));
              g_hash_table_add (L->ptr_addr, priv_local (L, e->a));
            }
          priv_expr (L, e->a, ctx == PV_DEREF || ctx == PV_DISCARD || ctx == PV_TEST ? PV_DEREF : PV_ESCAPE_LV);
          return;
        case C_OP_NOT:
          priv_expr (L, e->a, PV_TEST);
          return;
        case C_OP_PREINC: case C_OP_PREDEC: case C_OP_POSTINC: case C_OP_POSTDEC:
          if (priv_local (L, e->a))
            g_hash_table_add (L->priv_bad, priv_local (L, e->a));
          priv_expr (L, e->a, PV_VALUE);
          return;
        default:
          priv_expr (L, e->a, PV_VALUE);
          return;
        }
    case C_EXPR_MEMBER:
      priv_expr (L, e->a, e->arrow ? (ctx == PV_ESCAPE_LV ? PV_VALUE : PV_DEREF) : ctx == PV_ESCAPE_LV ? PV_ESCAPE_LV : PV_DEREF);
      return;
    case C_EXPR_INDEX:
      {
        CType *bt = strip (L, type_of (L, e->a));
        gboolean ptr = bt && bt->kind != C_TYPE_ARRAY;
        priv_expr (L, e->a, ctx == PV_ESCAPE_LV ? (ptr ? PV_VALUE : PV_ESCAPE_LV) : PV_DEREF);
        priv_expr (L, e->b, PV_VALUE);
      }
      return;
    case C_EXPR_BINARY:
      {
        gboolean test = e->op == C_OP_EQ || e->op == C_OP_NE || e->op == C_OP_LT || e->op == C_OP_GT
                        || e->op == C_OP_LE || e->op == C_OP_GE || e->op == C_OP_AND || e->op == C_OP_OR;
        priv_expr (L, e->a, test ? PV_TEST : PV_VALUE);
        priv_expr (L, e->b, test ? PV_TEST : PV_VALUE);
      }
      return;
    case C_EXPR_ASSIGN:
      {
        CDecl *d = priv_local (L, e->a);
        if (d && e->op == C_OP_ASSIGN)
          priv_define (L, d, e->b);
        else
          {
            if (d)
              g_hash_table_add (L->priv_bad, d);
            priv_expr (L, e->a, PV_DEREF);
            priv_expr (L, e->b, PV_VALUE);
          }
        if (ctx != PV_DISCARD && ctx != PV_TEST && d)
          g_hash_table_add (L->priv_bad, d);   /* (p = malloc (n)) used as a value */
      }
      return;
    case C_EXPR_COMMA:
      priv_expr (L, e->a, PV_DISCARD);
      priv_expr (L, e->b, ctx);
      return;
    case C_EXPR_COND:
      priv_expr (L, e->a, PV_TEST);
      priv_expr (L, e->b, ctx == PV_DISCARD ? PV_DISCARD : PV_VALUE);
      priv_expr (L, e->c, ctx == PV_DISCARD ? PV_DISCARD : PV_VALUE);
      return;
    case C_EXPR_CALL:
      {
        const char *n = c_callee_name (e);
        gboolean known = n && !func_def (L, n) && priv_keeps_nothing (effect_of (n));
        /* a pointer result may be one of the arguments (strchr, memcpy) */
        CType *rt = strip (L, type_of (L, e));
        gboolean result_used = ctx != PV_DISCARD && rt && (rt->kind == C_TYPE_POINTER || rt->kind == C_TYPE_ARRAY);
        CExpr *f = c_peel (e->a);
        if (!(f && f->kind == C_EXPR_IDENT && f->decl && f->decl->kind == C_DECL_FUNC))
          priv_expr (L, e->a, PV_VALUE);
        for (guint i = 0; e->args && i < e->args->len; i++)
          priv_expr (L, g_ptr_array_index (e->args, i), known && !result_used ? PV_DEREF : PV_VALUE);
      }
      return;
    case C_EXPR_SIZEOF: case C_EXPR_ALIGNOF: case C_EXPR_OFFSETOF: case C_EXPR_TYPES_COMPAT:
      return;
    default:
      /* statement expressions, compound literals, _Generic, va_arg, ...: every pointer
       * in them may go anywhere */
      priv_expr (L, e->a, PV_VALUE);
      priv_expr (L, e->b, PV_VALUE);
      priv_expr (L, e->c, PV_VALUE);
      for (guint i = 0; e->kind == C_EXPR_GENERIC && e->args && i < e->args->len; i++)
        priv_expr (L, ((CGenericAssoc *) g_ptr_array_index (e->args, i))->expr, PV_VALUE);
      if (e->kind == C_EXPR_STMT_EXPR || e->kind == C_EXPR_COMPOUND_LIT)
        L->priv_all_bad = TRUE;
      return;
    }
}

static void
priv_init (Lower *L, CInit *in)
{
  if (!in)
    return;
  if (in->expr)
    priv_expr (L, in->expr, PV_VALUE);
  for (guint i = 0; in->items && i < in->items->len; i++)
    priv_init (L, ((CInitItem *) g_ptr_array_index (in->items, i))->init);
}

static CVisitResult
priv_stmt_parts (CStmt *s, gpointer data)
{
  Lower *L = data;
  switch (s->kind)
    {
    case C_STMT_EXPR:
      priv_expr (L, s->expr, PV_DISCARD);
      break;
    case C_STMT_IF: case C_STMT_WHILE: case C_STMT_DO:
      priv_expr (L, s->expr, PV_TEST);
      break;
    case C_STMT_FOR:
      priv_expr (L, s->expr, PV_TEST);
      priv_expr (L, s->expr2, PV_DISCARD);
      break;
    case C_STMT_SWITCH:
      priv_expr (L, s->expr, PV_TEST);
      break;
    case C_STMT_CASE:
      break;
    case C_STMT_DECL:
      for (guint i = 0; s->items && i < s->items->len; i++)
        {
          CDecl *d = g_ptr_array_index (s->items, i);
          if (d->kind != C_DECL_VAR || !d->init)
            continue;
          if (!c_is_static_object (d) && is_pointerish (L, d->type) && d->init->expr)
            priv_define (L, d, d->init->expr);
          else
            priv_init (L, d->init);
        }
      break;
    default:
      /* return, goto *p: values that leave */
      priv_expr (L, s->expr, PV_VALUE);
      priv_expr (L, s->expr2, PV_VALUE);
      break;
    }
  return C_VISIT_CONTINUE;
}

static void
priv_stmt (Lower *L, CStmt *s)
{
  CVisitor v = { .stmt = priv_stmt_parts, .no_exprs = TRUE, .data = L };
  c_visit_stmt (&v, s);
}

/* Marks the roots of the allocation sites whose objects stay private (see above). */
static void
private_sites (Lower *L)
{
  for (guint i = 0; i < L->decls->len; i++)
    {
      CDecl *d = g_ptr_array_index (L->decls, i);
      if (d->in_system)
        continue;
      if (d->kind == C_DECL_FUNC && d->body)
        priv_stmt (L, d->body);
      else if (d->kind == C_DECL_VAR)
        priv_init (L, d->init);
    }
  if (L->priv_all_bad)
    return;
  GHashTableIter it;
  gpointer site, d;
  g_hash_table_iter_init (&it, L->priv_sites);
  while (g_hash_table_iter_next (&it, &site, &d))
    {
      RfCObj *r = root_find (L, RF_C_OBJ_HEAP, site);
      if (r && !g_hash_table_contains (L->priv_bad, d))
        r->private_ = TRUE;
    }
}

/* Fresh objects. Right after `p = malloc (...)` (p a local pointer whose address is
 * never taken) the object is reachable only through p, in this thread, until p's value
 * leaves (any use that private_sites calls an escape: stored, passed on, &p->f kept,
 * ...) or p is assigned again. Accesses through p in that window touch an object no
 * other thread can have yet, so they are not shared (deref gives no place): the
 * common "allocate, fill in, then publish or hand to a new thread" needs no lock.
 * L->fresh is the set of such p along the statement walk: a statement first drops
 * the pointers it lets escape, a `p = malloc` statement adds p; branches meet in the
 * intersection; a loop or switch drops every pointer its body assigns or lets escape,
 * at entry and at each iteration, and leaves the entry set behind; a label (a goto
 * may arrive from anywhere) empties the set. */

/* The local pointers that statement/expression code assigns or lets escape. */
static GHashTable *
fresh_touched (Lower *L, CStmt *s, CExpr *e, int ctx)
{
  GHashTable *bad = L->priv_bad, *sites = L->priv_sites;
  gboolean all_bad = L->priv_all_bad;
  L->priv_bad = g_hash_table_new (NULL, NULL);
  L->priv_sites = g_hash_table_new (NULL, NULL);
  L->priv_all_bad = FALSE;
  if (s)
    priv_stmt (L, s);
  if (e)
    priv_expr (L, e, ctx);
  GHashTable *touched = L->priv_bad;
  GHashTableIter it;
  gpointer site, d;
  g_hash_table_iter_init (&it, L->priv_sites);
  while (g_hash_table_iter_next (&it, &site, &d))
    g_hash_table_add (touched, d);   /* assigned a new object: the old one may be out */
  if (L->priv_all_bad)
    g_hash_table_add (touched, touched);  /* marker: everything */
  g_hash_table_unref (L->priv_sites);
  L->priv_bad = bad;
  L->priv_sites = sites;
  L->priv_all_bad = all_bad;
  return touched;
}

static void
fresh_drop (Lower *L, GHashTable *touched)
{
  if (g_hash_table_contains (touched, touched))
    {
      g_hash_table_remove_all (L->fresh);
      return;
    }
  GHashTableIter it;
  gpointer d;
  g_hash_table_iter_init (&it, touched);
  while (g_hash_table_iter_next (&it, &d, NULL))
    g_hash_table_remove (L->fresh, d);
}

/* Drops the pointers statement S (or expression E, in context CTX) touches. */
static void
fresh_kill (Lower *L, CStmt *s, CExpr *e, int ctx)
{
  if (g_hash_table_size (L->fresh) == 0)
    return;
  g_autoptr (GHashTable) touched = fresh_touched (L, s, e, ctx);
  fresh_drop (L, touched);
}

/* D, if `D = V` (or D's initializer V) stores a fresh object in a local pointer whose
 * address is never taken. */
static void
fresh_gen (Lower *L, CDecl *d, CExpr *v)
{
  CExpr *pv = c_peel (v);
  const char *n = pv && pv->kind == C_EXPR_CALL ? c_callee_name (pv) : NULL;
  const RfCLibcFunc *lib = rf_c_libc_lookup (n);
  if (d && d->kind == C_DECL_VAR && !c_is_static_object (d) && is_pointerish (L, d->type)
      && !g_hash_table_contains (L->ptr_addr, d) && lib && lib->pointers == RF_C_LIBC_PTS_ALLOC && !func_def (L, n))
    g_hash_table_add (L->fresh, d);
}

static GHashTable *
fresh_copy (GHashTable *set)
{
  GHashTable *c = g_hash_table_new (NULL, NULL);
  GHashTableIter it;
  gpointer d;
  g_hash_table_iter_init (&it, set);
  while (g_hash_table_iter_next (&it, &d, NULL))
    g_hash_table_add (c, d);
  return c;
}

/* L->fresh = L->fresh ∩ OTHER */
static void
fresh_meet (Lower *L, GHashTable *other)
{
  GHashTableIter it;
  gpointer d;
  g_hash_table_iter_init (&it, L->fresh);
  while (g_hash_table_iter_next (&it, &d, NULL))
    if (!g_hash_table_contains (other, d))
      g_hash_table_iter_remove (&it);
}

/* `if ((p = malloc (n)) == NULL)`, `if (!(p = malloc (n)))`, `if (p = malloc (n))`:
 * after the test, p holds the fresh object on both branches. */
static void
fresh_gen_in_test (Lower *L, CExpr *cond)
{
  CExpr *c = c_peel (cond);
  while (c && c->kind == C_EXPR_UNARY && c->op == C_OP_NOT)
    c = c_peel (c->a);
  if (c && c->kind == C_EXPR_BINARY && (c->op == C_OP_EQ || c->op == C_OP_NE))
    {
      CExpr *a = c_peel (c->a), *b = c_peel (c->b);
      if (b && b->kind == C_EXPR_INT && strcmp (b->text, "0") == 0)
        c = a;
      else if (a && a->kind == C_EXPR_INT && strcmp (a->text, "0") == 0)
        c = b;
    }
  if (c && c->kind == C_EXPR_ASSIGN && c->op == C_OP_ASSIGN)
    {
      CExpr *lhs = c_peel (c->a);
      if (lhs && lhs->kind == C_EXPR_IDENT)
        fresh_gen (L, lhs->decl, c->b);
    }
}

/* After statement S: `p = malloc (...)`, `T *p = malloc (...)` make p fresh. */
static void
fresh_gen_stmt (Lower *L, CStmt *s)
{
  if (s->kind == C_STMT_EXPR)
    {
      CExpr *e = c_peel (s->expr);
      if (e && e->kind == C_EXPR_ASSIGN && e->op == C_OP_ASSIGN)
        {
          CExpr *lhs = c_peel (e->a);
          if (lhs && lhs->kind == C_EXPR_IDENT)
            fresh_gen (L, lhs->decl, e->b);
        }
    }
  else if (s->kind == C_STMT_DECL)
    for (guint i = 0; s->items && i < s->items->len; i++)
      {
        CDecl *d = g_ptr_array_index (s->items, i);
        if (d->kind == C_DECL_VAR && d->init && d->init->expr)
          fresh_gen (L, d, d->init->expr);
      }
}

/* Lowers statement S, keeping L->fresh (see fresh_gen) up to date around it. */
static void
lower_stmt (Lower *L, CStmt *s)
{
  if (!s)
    return;
  switch (s->kind)
    {
    case C_STMT_COMPOUND:
      lower_stmt_kind (L, s);
      return;
    case C_STMT_IF:
      fresh_kill (L, NULL, s->expr, PV_TEST);
      lower_stmt_kind (L, s);
      return;
    case C_STMT_LABEL: case C_STMT_CASE: case C_STMT_DEFAULT:
      g_hash_table_remove_all (L->fresh);
      lower_stmt_kind (L, s);
      return;
    case C_STMT_WHILE: case C_STMT_DO: case C_STMT_FOR: case C_STMT_SWITCH:
      {
        fresh_kill (L, s, NULL, 0);
        GHashTable *entry = fresh_copy (L->fresh);
        lower_stmt_kind (L, s);
        g_hash_table_unref (L->fresh);
        L->fresh = entry;
      }
      return;
    case C_STMT_DECL: case C_STMT_EXPR:
      fresh_kill (L, s, NULL, 0);
      lower_stmt_kind (L, s);
      fresh_gen_stmt (L, s);
      return;
    default:
      fresh_kill (L, s, NULL, 0);
      lower_stmt_kind (L, s);
      return;
    }
}

/* ---- jobs ---- */

/* Lowers job JOB as the body of FN (and, for an init job, the creation loop). */
static void
lower_job (Lower *L, guint job_id, CDecl *fn, GPtrArray *create_after)
{
  L->job = rf_program_get_job (L->prog, job_id);
  g_hash_table_remove_all (L->fresh);
  L->job_id = job_id;
  L->job->entry = new_node (L, fn->body->loc);
  L->cur = L->job->entry;
  L->exit_node = new_node (L, fn->body->end);
  Frame *f = frame_new (fn, NULL);
  f->entry = L->job->entry;
  f->ret = L->exit_node;
  L->frame = f;
  if (create_after)
    {
      f->ret = new_node (L, fn->body->end);
      lower_stmt (L, fn->body);
      edge (L, L->cur, f->ret, RF_OP_SKIP, -1, -1, fn->body->end, "return");
      /* after init: while (*) create E; for every entry E */
      for (guint i = 0; i < create_after->len; i++)
        {
          CDecl *entry = g_ptr_array_index (create_after, i);
          g_autoptr (GArray) ids = entry_jobs (L, entry, RF_START_NONE);
          for (guint k = 0; k < ids->len; k++)
            edge (L, f->ret, f->ret, RF_OP_CREATE, g_array_index (ids, guint, k), -1, fn->body->end, NULL);
        }
    }
  else
    {
      lower_stmt (L, fn->body);
      edge (L, L->cur, L->exit_node, RF_OP_SKIP, -1, -1, fn->body->end, "return");
      gint sem = g_array_index (L->job_exit_sem, gint, job_id);
      if (sem >= 0)
        {
          /* the thread has ended: one pthread_join on its handle may return */
          guint done = new_node (L, fn->body->end);
          edge (L, L->exit_node, done, RF_OP_POST, sem, -1, fn->body->end, "thread ends (joinable)");
        }
    }
  L->frame = NULL;
  frame_free (f);
}

static void
collect_functions (Lower *L)
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
            error_at (L, d->loc, "unsupported: a second function named '%s' (first defined at %s:%u)",
                      d->name, other->loc.file, other->loc.line);
        }
    }
}

static void
prepass (Lower *L)
{
  for (guint i = 0; i < L->decls->len; i++)
    {
      CDecl *d = g_ptr_array_index (L->decls, i);
      if (d->in_system)
        continue;
      L->pfn = d->kind == C_DECL_FUNC && d->body ? d : NULL;
      if (d->kind == C_DECL_FUNC && d->body)
        pre_stmt (L, d->body);
      else if (d->kind == C_DECL_VAR)
        {
          pre_init (L, d->init, pointee (L, d->type));
        }
    }
  L->pfn = NULL;
  /* Functions on a call cycle (through pointers: any address-taken function). */
  GHashTableIter it;
  gpointer fn;
  g_hash_table_iter_init (&it, L->calls);
  while (g_hash_table_iter_next (&it, &fn, NULL))
    {
      GHashTable *seen = g_hash_table_new (NULL, NULL);
      GPtrArray *todo = g_ptr_array_new ();
      g_ptr_array_add (todo, fn);
      gboolean cyc = FALSE;
      while (todo->len && !cyc)
        {
          CDecl *c = g_ptr_array_steal_index (todo, todo->len - 1);
          GHashTable *callees = g_hash_table_lookup (L->calls, c);
          if (!callees)
            continue;
          GHashTableIter j;
          gpointer t;
          g_hash_table_iter_init (&j, callees);
          while (g_hash_table_iter_next (&j, &t, NULL))
            {
              if (t == NULL)
                {
                  for (guint k = 0; k < L->addr_func_list->len; k++)
                    {
                      gpointer a = g_ptr_array_index (L->addr_func_list, k);
                      if (a == fn)
                        cyc = TRUE;
                      if (!g_hash_table_contains (seen, a))
                        g_hash_table_add (seen, a), g_ptr_array_add (todo, a);
                    }
                  continue;
                }
              if (t == fn)
                cyc = TRUE;
              if (!g_hash_table_contains (seen, t))
                g_hash_table_add (seen, t), g_ptr_array_add (todo, t);
            }
        }
      if (cyc)
        g_hash_table_add (L->recursive, fn);
      g_hash_table_unref (seen);
      g_ptr_array_unref (todo);
    }
}

/* Code without a body may return (or store) pointers to memory the program never
 * names, and may take the address of any global with external linkage. So when the
 * program calls such code, an untyped "external memory" object and every external
 * global count as address-taken: a pointer nothing else resolves may denote them,
 * and accesses through it are never dropped. */
static void
external_roots (Lower *L)
{
  RfCObj *ext = root_add (L, RF_C_OBJ_EXTERNAL, g_intern_string ("$external"), "external memory", NULL, TRUE,
                          RF_LOC_NONE);
  ext->reachable = TRUE;
  for (guint i = 0; i < L->decls->len; i++)
    {
      CDecl *d = g_ptr_array_index (L->decls, i);
      if (d->kind == C_DECL_VAR && d->file_scope && d->storage != C_STORAGE_STATIC
          && d->storage != C_STORAGE_TYPEDEF && !d->in_system)
        {
          RfCObj *r = root_of_decl (L, d, NULL);
          if (r)
            r->reachable = TRUE;
        }
    }
}

/* The points-to analysis of the unit, after the pre-pass: STARTED are the functions
 * called from outside (main, or the entries and init of module mode). */
static void
points_analyse (Lower *L, GPtrArray *started)
{
  RfCPointsOptions opts = {
    .objects = L->objs,
    .started = started,
    .indirect = L->addr_func_list,
  };
  L->pts = rf_c_points_analyse (L->unit, L->ty, &opts);
  if (rf_c_points_has_unknown_calls (L->pts))
    L->unknown_calls = TRUE;
}

/* Module mode: pointer parameters of entry functions point to client memory: the
 * untyped `client memory`, and for a pointer to a tagged struct or union T the client
 * root `struct T` (a summary: every client object of type T). When T holds a pthread
 * object (its lock), `struct T` also gets its representative (see track_params), and
 * the allocation sites whose whole objects such a parameter may point to (a
 * constructor's `malloc`, handed to the client) join its class: an access to them
 * through anything but a tracked parameter also touches `struct T`. */
static void
client_roots (Lower *L, GPtrArray *entries)
{
  GPtrArray *reps = g_ptr_array_new ();
  for (guint i = 0; i < entries->len; i++)
    {
      CDecl *fn = g_ptr_array_index (entries, i);
      for (guint j = 0; fn->params && j < fn->params->len; j++)
        {
          CDecl *p = g_ptr_array_index (fn->params, j);
          CType *t = strip (L, pointee (L, p->type));
          if (!is_pointerish (L, p->type))
            continue;
          RfCObj *any = root_add (L, RF_C_OBJ_CLIENT, g_intern_string ("$client"), "client memory", NULL, TRUE,
                                  fn->loc);
          any->reachable = TRUE;
          g_autofree char *n = client_name (L, t);
          if (n)
            {
              RfCObj *r = root_add (L, RF_C_OBJ_CLIENT, g_intern_string (n), n, t, TRUE, fn->loc);
              r->reachable = TRUE;
              if (!r->rep && contains_sync (L, t, 0))
                {
                  g_autofree char *k = g_strconcat ("$rep:", n, NULL);
                  r->rep = root_add (L, RF_C_OBJ_CLIENT, g_intern_string (k), k, t, FALSE, fn->loc);
                  r->rep->representative = TRUE;
                  g_free (r->rep->name);
                  r->rep->name = g_strdup (r->name);  /* the same locations, seen exactly */
                  g_ptr_array_add (reps, r);
                }
            }
        }
    }
  for (guint i = 0; i < reps->len; i++)
    {
      RfCObj *client = g_ptr_array_index (reps, i);
      guint guessed = L->guessed;
      g_autoptr (GPtrArray) ps = by_type (L, client->type);
      L->guessed = guessed;
      for (guint k = 0; k < ps->len; k++)
        {
          const RfCLoc *pl = g_ptr_array_index (ps, k);
          if (pl->obj->kind != RF_C_OBJ_HEAP || pl->path[0])
            continue;
          if (!pl->obj->clients)
            pl->obj->clients = g_ptr_array_new ();
          if (!g_ptr_array_find (pl->obj->clients, client, NULL))
            g_ptr_array_add (pl->obj->clients, client);
        }
    }
  g_ptr_array_unref (reps);
}

/* Module mode, representative objects. A race on a client object of type T (one
 * holding a lock) happens on some one object o; call it the representative. Every
 * call of an entry either gets o as its parameter P of type `T *`, or another object.
 * So each entry becomes several job types: one per choice for each such parameter
 * (at most TRACK_MAX of them). Where P stands for o, `P->f` is the representative's
 * `struct T.f`, one object: its lock gives exclusion. Where P stands for another
 * object, `P->f` touches none of T's client objects (a race there is a race on
 * another representative, the same by symmetry), only the module's own objects P
 * may point to, and a lock through P gives no exclusion. Any other pointer that may
 * reach a client object of type T (a copy kept in memory, a `void *`, an allocation
 * site of the class, see client_roots) touches the summary `struct T`: the same
 * locations, but a lock through it may denote several mutexes. This keeps every run
 * of the program, provided the parameter always holds the value the call got: it is
 * never assigned, its address is never taken, and the entry is not recursive. The
 * returned mask has bit i set for each parameter i so tracked. */
enum { TRACK_MAX = 2 };


static guint
track_params (Lower *L, CDecl *fn)
{
  guint mask = 0, n = 0;
  if (!L->module || g_hash_table_contains (L->recursive, fn))
    return 0;
  for (guint i = 0; fn->params && i < fn->params->len && i < 32 && n < TRACK_MAX; i++)
    {
      CDecl *p = g_ptr_array_index (fn->params, i);
      if (g_hash_table_contains (L->assigned, p) || g_hash_table_contains (L->escaped, p) || !is_pointerish (L, p->type))
        continue;
      RfCObj *r = param_client (L, p);
      if (r && r->rep)
        {
          mask |= 1u << i;
          n++;
        }
    }
  return mask;
}

/* The job types of entry FN, started as START: one per choice of representative or
 * other object for each tracked parameter (track_params). The first tracks them all;
 * the others are named after the parameters that stand for other objects. */
static GArray *
entry_jobs (Lower *L, CDecl *fn, RfStartKind start)
{
  GArray *ids = g_array_new (FALSE, FALSE, sizeof (guint));
  guint mask = track_params (L, fn);
  if (mask == 0)
    {
      guint id = start == RF_START_NONE ? job_for (L, fn, NULL, NULL) : job_add (L, fn, fn->name, start, 0, -1);
      if (start != RF_START_NONE)
        {
          g_hash_table_insert (L->job_of, fn, GUINT_TO_POINTER (id + 1));
          g_queue_push_tail (&L->pending, GUINT_TO_POINTER (id + 1));
        }
      g_array_append_val (ids, id);
    }
  else
    {
      for (guint i = 0; i < 32; i++)
        if (mask & (1u << i))
          {
            CDecl *p = g_ptr_array_index (fn->params, i);
            RfCObj *r = param_client (L, p);
            g_autofree char *key = g_strdup_printf ("track:%s", r->name);
            if (!g_hash_table_contains (L->warned, key))
              {
                g_hash_table_add (L->warned, g_steal_pointer (&key));
                rf_diags_add (L->diags, RF_DIAG_NOTE, p->loc, "'%s' objects given to entries (as '%s' of '%s') are "
                              "checked one at a time: a verdict on a location of '%s' holds for each object",
                              r->name, p->name, fn->name, r->name);
              }
          }
      for (guint other = 0; other <= mask; other++)
        {
          if ((other & ~mask) != 0)
            continue;
          g_autoptr (GString) name = g_string_new (fn->name);
          for (guint i = 0; i < 32; i++)
            if (other & (1u << i))
              g_string_append_printf (name, "%sother %s", name->len == strlen (fn->name) ? "[" : ", ",
                                      ((CDecl *) g_ptr_array_index (fn->params, i))->name);
          if (other)
            g_string_append_c (name, ']');
          /* not in job_of: a thread the module starts at FN gets a job of its own */
          guint id = job_add (L, fn, name->str, start, 0, -1);
          g_array_index (L->job_track, guint, id) = mask & ~other;
          g_array_index (L->job_other, guint, id) = other;
          g_queue_push_tail (&L->pending, GUINT_TO_POINTER (id + 1));
          g_array_append_val (ids, id);
        }
    }
  for (guint i = 0; i < ids->len; i++)
    {
      RfJob *j = rf_program_get_job (L->prog, g_array_index (ids, guint, i));
      if (!j->call)
        j->call = g_strdup (fn->name);
    }
  return ids;
}

/* Functions whose address reaches code without a body (qsort's comparator, an atexit
 * handler, a thrd_create start routine, a destructor given to pthread_key_create...),
 * and functions with a constructor or destructor attribute:
 * that code may call them at any time, from any thread, any number of times, so each
 * is a job type started by any number of threads at once (as a module entry), its
 * parameters pointing anywhere. */
static void
callback_jobs (Lower *L)
{
  if (!L->pts)
    return;
  g_autoptr (GPtrArray) fns = rf_c_points_escaped_functions (L->pts);
  guint n_escaped = fns->len;
  /* constructors run before main, destructors at exit (while other threads may still
   * run): both are called by code racefree does not see */
  for (guint i = 0; i < L->decls->len; i++)
    {
      CDecl *d = g_ptr_array_index (L->decls, i);
      for (guint k = 0; d->kind == C_DECL_FUNC && !d->in_system && d->attrs && k < d->attrs->len; k++)
        {
          const char *a = g_ptr_array_index (d->attrs, k);
          CDecl *def = func_def (L, d->name);
          if ((strstr (a, "constructor") || strstr (a, "destructor")) && def && !g_ptr_array_find (fns, def, NULL))
            g_ptr_array_add (fns, def);
        }
    }
  for (guint i = 0; i < fns->len; i++)
    {
      CDecl *d = g_ptr_array_index (fns, i);
      if (d->in_system || !d->name || func_def (L, d->name) != d)
        continue;
      g_autofree char *key = g_strdup_printf ("callback:%s", d->name);
      if (i < n_escaped)
        warn_once (L, d->loc, key, "'%s' is passed to code without a body, which may call it: assumed called by "
                   "any number of threads at any time", d->name);
      else
        warn_once (L, d->loc, key, "'%s' is a constructor or destructor, run before main or at exit: assumed called "
                   "by any number of threads at any time", d->name);
      guint id = job_add (L, d, d->name, RF_START_ANY, 0, -1);
      rf_program_get_job (L->prog, id)->call = g_strdup (d->name);
      g_queue_push_tail (&L->pending, GUINT_TO_POINTER (id + 1));
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
      CDecl *def = func_def (fn->L, p->text);
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

RfProgram *
rf_c_lower (const RfCUnit *unit, const RfCLowerOptions *opts, RfDiags *diags, GError **error)
{
  g_return_val_if_fail (unit != NULL, NULL);
  RfCLowerOptions none = { NULL, NULL };
  Lower Ls = { 0 }, *L = &Ls;
  L->unit = unit;
  L->opts = opts ? opts : &none;
  L->diags = diags;
  L->prog = rf_program_new ();
  L->funcs = g_hash_table_new (g_str_hash, g_str_equal);
  L->decls = c_unit_decls (unit);
  L->ty = rf_c_types_new ();
  L->objs = rf_c_objects_new (L->ty);
  L->roots = g_ptr_array_new ();
  L->escaped = g_hash_table_new (NULL, NULL);
  L->assigned = g_hash_table_new (NULL, NULL);
  L->addr_funcs = g_hash_table_new (NULL, NULL);
  L->addr_func_list = g_ptr_array_new ();
  L->heap_types = g_hash_table_new (NULL, NULL);
  L->warned = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  L->job_of = g_hash_table_new (NULL, NULL);
  L->job_of_handle = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  L->job_of_site = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  L->job_arg = g_ptr_array_new_with_free_func (places_unref);
  L->job_fn = g_ptr_array_new ();
  L->job_exit_sem = g_array_new (FALSE, FALSE, sizeof (gint));
  L->job_track = g_array_new (FALSE, FALSE, sizeof (guint));
  L->job_other = g_array_new (FALSE, FALSE, sizeof (guint));
  L->job_arg_other = g_array_new (FALSE, FALSE, sizeof (guint));
  L->handles = g_hash_table_new (NULL, NULL);
  L->demoted = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  L->relockable = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  L->no_excl = g_array_new (FALSE, FALSE, sizeof (NoExcl));
  L->priv_bad = g_hash_table_new (NULL, NULL);
  L->ptr_addr = g_hash_table_new (NULL, NULL);
  L->fresh = g_hash_table_new (NULL, NULL);
  L->priv_sites = g_hash_table_new (NULL, NULL);
  g_array_set_clear_func (L->no_excl, no_excl_clear);
  L->calls = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_hash_table_unref);
  L->recursive = g_hash_table_new (NULL, NULL);
  g_queue_init (&L->pending);
  guint n_errors_before = rf_diags_n_errors (diags);

  collect_functions (L);
  CDecl *main_fn = func_def (L, "main");
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
            CDecl *d = func_def (L, entry_names[i]);
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
                && d->name && strcmp (d->name, "main") != 0 && func_def (L, d->name) == d
                && !(L->opts->init && strcmp (d->name, L->opts->init) == 0)
                && !g_ptr_array_find (entries, d, NULL))
              g_ptr_array_add (entries, d);
          }
      if (!(entry_names && entry_names[0]))
        exported_function_entries (L, entries);
      if (L->opts->init)
        {
          init_fn = func_def (L, L->opts->init);
          if (!init_fn)
            rf_diags_add (diags, RF_DIAG_ERROR, RF_LOC_NONE, "--init %s: no function with a body of that name", L->opts->init);
        }
      if (entries->len == 0 && rf_diags_n_errors (diags) == n_errors_before)
        rf_diags_add (diags, RF_DIAG_ERROR, RF_LOC_NONE, "no main and no entry function: nothing to check");
    }

  if (rf_diags_n_errors (diags) == n_errors_before)
    {
      prepass (L);
      private_sites (L);
      g_autoptr (GPtrArray) started = g_ptr_array_new ();
      if (!L->module)
        g_ptr_array_add (started, main_fn);
      g_ptr_array_extend (started, entries, NULL, NULL);
      if (init_fn)
        g_ptr_array_add (started, init_fn);
      points_analyse (L, started);
      if (!L->module && main_fn->params && main_fn->params->len >= 2)
        {
          /* what main's argv and envp point to (see rf-c-points.h): program
           * arguments, which only pointers derived from argv reach */
          CType *pa = pointee (L, ((CDecl *) g_ptr_array_index (main_fn->params, 1))->type);
          root_add (L, RF_C_OBJ_ARGV, g_intern_string (RF_C_OBJ_ARGV_ARRAY), "argv[]", pa, TRUE, main_fn->loc);
          root_add (L, RF_C_OBJ_ARGV, g_intern_string (RF_C_OBJ_ARGV_STRINGS), "argv strings", pointee (L, pa), TRUE,
                    main_fn->loc);
        }
      if (L->unknown_calls)
        external_roots (L);
      if (L->module)
        client_roots (L, entries);
      if (!L->module)
        {
          guint id = job_add (L, main_fn, "main", RF_START_COUNT, 1, -1);
          g_hash_table_insert (L->job_of, main_fn, GUINT_TO_POINTER (id + 1));
          lower_job (L, id, main_fn, NULL);
        }
      else if (init_fn)
        {
          guint id = job_add (L, init_fn, init_fn->name, RF_START_COUNT, 1, -1);
          g_hash_table_insert (L->job_of, init_fn, GUINT_TO_POINTER (id + 1));
          lower_job (L, id, init_fn, entries);
        }
      else
        for (guint i = 0; i < entries->len; i++)
          {
            CDecl *d = g_ptr_array_index (entries, i);
            g_autoptr (GArray) ids = entry_jobs (L, d, RF_START_ANY);
          }
      callback_jobs (L);
      while (!g_queue_is_empty (&L->pending))  /* after an error too: every error in one run */
        {
          guint id = GPOINTER_TO_UINT (g_queue_pop_head (&L->pending)) - 1;
          if (rf_program_get_job (L->prog, id)->nodes->len == 0)
            lower_job (L, id, g_ptr_array_index (L->job_fn, id), NULL);
        }
      recursive_mutexes (L);
      apply_demotions (L);
      note_accesses (L);
    }

  RfProgram *prog = L->prog;
  guint n_errors = rf_diags_n_errors (diags) - n_errors_before;
  g_ptr_array_unref (entries);
  g_hash_table_unref (L->funcs);
  g_ptr_array_unref (L->decls);
  g_ptr_array_unref (L->roots);
  g_hash_table_unref (L->escaped);
  g_hash_table_unref (L->assigned);
  g_hash_table_unref (L->addr_funcs);
  g_ptr_array_unref (L->addr_func_list);
  g_hash_table_unref (L->heap_types);
  g_hash_table_unref (L->warned);
  g_hash_table_unref (L->job_of);
  g_hash_table_unref (L->job_of_handle);
  g_hash_table_unref (L->job_of_site);
  g_ptr_array_unref (L->job_arg);
  rf_c_points_free (L->pts);
  g_ptr_array_unref (L->job_fn);
  g_array_unref (L->job_exit_sem);
  g_array_unref (L->job_track);
  g_array_unref (L->job_other);
  g_array_unref (L->job_arg_other);
  g_hash_table_unref (L->handles);
  g_hash_table_unref (L->demoted);
  g_hash_table_unref (L->relockable);
  g_array_unref (L->no_excl);
  g_hash_table_unref (L->priv_bad);
  g_hash_table_unref (L->ptr_addr);
  g_hash_table_unref (L->fresh);
  g_hash_table_unref (L->priv_sites);
  g_free (L->sync_reason);
  g_hash_table_unref (L->calls);
  g_hash_table_unref (L->recursive);
  g_queue_clear (&L->pending);
  rf_c_objects_free (L->objs);
  rf_c_types_free (L->ty);
  if (n_errors > 0)
    {
      rf_program_free (prog);
      g_set_error (error, RF_INPUT_ERROR, RF_INPUT_ERROR_UNSUPPORTED, "%u error%s", n_errors, n_errors == 1 ? "" : "s");
      return NULL;
    }
  g_assert (rf_program_is_valid (prog));
  return prog;
}
