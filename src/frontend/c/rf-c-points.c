/* rf-c-points: an inclusion-based points-to analysis of a whole C unit.
 *
 * Approach (Andersen). One walk over every function body and global initializer
 * turns each expression into a node (the set of locations its value may point to)
 * and states inclusions between nodes: `p = &x` puts x in p's cell, `p = q` copies,
 * `*p = q` stores q's set into the cells of every location in p's set, `q = *p`
 * loads them, `p->f` extends every location by the field, calls bind parameters to
 * arguments and results to returns (through a function pointer: to every function
 * its set reaches). The constraints are then applied in rounds until none adds
 * anything (each only ever adds, over a finite set of locations, so this ends).
 *
 * Memory. Each object holds one cell per field path that ever held a pointer (a
 * union is one cell: its members share it); a load from a location reads every cell
 * of its object that overlaps it (the cells below it and above it), so a store into a
 * whole struct is seen by a load of one field, and the other way round.
 *
 * Unknown values. A set may be "unknown": it may hold what the analysis cannot see.
 * Sources: integers converted to pointers (but the constant 0), results of calls to
 * code without a body, va_arg, parameters of functions started from outside. Objects
 * such code may write ("tainted": the objects its pointer arguments reach, globals
 * with external linkage, objects whose address became an integer) and objects whose
 * pointers may have been overwritten by other data ("smashed": bytes, integers and
 * unions stored over pointers, memcpy between different types) give unknown values
 * when read. A store through an unknown pointer goes to one summary cell, `memory`,
 * read by every load from an object whose address is taken; a load through one is
 * unknown. So a set that is not unknown is complete: the pointer holds one of its
 * locations, null, or a string literal. (Assumed, as by the lowering: accesses
 * respect C's effective types, and no pointer leaves an object by arithmetic.) */
#include "rf-c-points.h"
#include "rf-c-libc.h"
#include "rf-c-tree.h"
#include "rf-c-object.h"

#include <string.h>

/* Obj: what the analysis knows of one object of the table (rf-c-object.h): o, the
 * object; name for dumps (owned); cells: node ids of its cells in creation order;
 * cell_of: cell path (borrowed from the node) -> node id + 1. addr_taken: its address
 * is formed somewhere (loads from it see `memory`); smashed: a cell may hold anything;
 * tainted: code without a body may write it (smashed, and so is all it points to);
 * exposed: its address was turned into an integer; escaped (FUNC): code without a body
 * may call it (its parameters point anywhere). */
typedef struct {
  RfCObj *o;
  char *name;
  gboolean addr_taken, smashed, tainted, exposed, escaped;
  GArray *cells;
  GHashTable *cell_of;
} Obj;

/* Node: a set of locations (loc id + 1 keys; NULL while empty) and whether it is
 * unknown. obj/path: a cell's object and cell path (owned), or NO_OBJ for a value. */
typedef struct {
  GHashTable *set;
  gboolean unknown;
  guint obj;
  char *path;
} Node;

enum { NO_OBJ = G_MAXUINT };

/* Cons: dst ⊇ f(src), see apply(). type: the access type (LOAD, STORE, SCALAR,
 * COPYOBJ); x: the field name (FIELD) or the Call (CALL). */
typedef enum {
  K_COPY,     /* dst ⊇ src */
  K_FIELD,    /* dst ⊇ { l.x : l ∈ src } */
  K_DECAY,    /* dst ⊇ { l[] : l ∈ src } (array to its elements) */
  K_TAKE,     /* the objects of src have their address taken */
  K_LOAD,     /* dst ⊇ cells of src's locations */
  K_STORE,    /* cells of dst's locations ⊇ src */
  K_SCALAR,   /* data of type `type` stored at dst's locations (smashes pointers there) */
  K_COPYOBJ,  /* the cells under dst's locations ⊇ those under src's (struct copy, memcpy) */
  K_TAINT,    /* code without a body gets src's locations */
  K_CALLBACK, /* as K_TAINT, but functions among them are only called back during the
               * call (qsort's comparator), not kept: they do not escape */
  K_EXPOSE,   /* src's locations become integers */
  K_CALL,     /* a call through a function pointer (or a pthread_create start routine) */
} ConsKind;

typedef struct {
  ConsKind kind;
  guint dst, src;
  CType *type;
  gconstpointer x;
} Cons;

/* Call: one call whose targets are resolved while solving. fnode: the callee's
 * node; vals: node of each argument's value; addrs: each struct argument's location
 * node (NO_OBJ for the others); rval/raddr: the result's value and (struct) location
 * nodes; create: a pthread_create start routine (one argument, no result); bound:
 * CDecl* targets bound already; unknown_done: bound to unknown code already;
 * in_system: in a function of a system header (its unknown calls are not counted,
 * as the lowering's pre-pass does not count them). */
typedef struct {
  CExpr *call;
  guint fnode;
  GArray *vals, *addrs;
  guint rval, raddr;
  gboolean create;
  GHashTable *bound;
  gboolean unknown_done;
  gboolean in_system;
} Call;

struct _RfCPoints {
  const RfCUnit *unit;
  GPtrArray *decls;       /* every external declaration of the unit, in file order (borrowed CDecl*) */
  RfCTypes *ty;
  RfCPointsOptions opts;
  GHashTable *funcs;      /* name -> CDecl* with a body (the first) */
  RfCObjects *objects;    /* the objects and locations: the options' (borrowed) or own */
  gboolean own_objects;   /* objects is owned: every allocation site gets an object */
  GPtrArray *objs;        /* Obj* (owned) by object id; NULL for objects the analysis
                           * never met (made by the lowering) */
  GPtrArray *nodes;       /* Node*, owned */
  GArray *cons;           /* Cons */
  GPtrArray *calls;       /* Call*, owned */
  GHashTable *val_of;     /* CExpr* -> node id + 1 */
  GHashTable *addr_of;    /* CExpr* -> node id + 1 */
  GHashTable *ret_of;     /* CDecl* -> node id + 1: what it returns */
  guint unknown, empty, mem;
  guint specific;           /* every value given to pthread_setspecific */
  guint8 *shared;           /* per object: other threads may reach it (see
                             * rf_c_points_local_shared), NULL until asked */
  CDecl *fn;              /* while walking: the function */
  gboolean unknown_calls, externals_done, changed;
};

/* ---- small helpers ---- */

static CType *
strip (RfCPoints *P, CType *t)
{
  return rf_c_type_strip (P->ty, t);
}

static CType *
type_of (RfCPoints *P, CExpr *e)
{
  return rf_c_type_of (P->ty, e);
}

static gboolean
is_kind (RfCPoints *P, CType *t, CTypeKind k)
{
  t = strip (P, t);
  return t && t->kind == k;
}

static gboolean
is_aggregate (RfCPoints *P, CType *t)
{
  t = strip (P, t);
  return t && (t->kind == C_TYPE_STRUCT || t->kind == C_TYPE_UNION);
}

/* A value of type T may be a pointer: a pointer, an array or a function (they decay),
 * or unknown. */
static gboolean
pointer_valued (RfCPoints *P, CType *t)
{
  t = strip (P, t);
  return !t || t->kind == C_TYPE_POINTER || t->kind == C_TYPE_ARRAY || t->kind == C_TYPE_FUNCTION
         || t->kind == C_TYPE_AUTO;
}

/* ---- objects, locations, nodes ---- */

/* What the analysis knows of object ID; it has met the object. */
static Obj *
obj_at (RfCPoints *P, guint id)
{
  g_assert (id < P->objs->len && g_ptr_array_index (P->objs, id));
  return g_ptr_array_index (P->objs, id);
}

/* What it knows of object ID, or NULL when it never met it. */
static Obj *
obj_peek (RfCPoints *P, guint id)
{
  return id < P->objs->len ? g_ptr_array_index (P->objs, id) : NULL;
}

static Node *
node_at (RfCPoints *P, guint id)
{
  return g_ptr_array_index (P->nodes, id);
}

static const RfCLoc *
loc_at (RfCPoints *P, guint id)
{
  return rf_c_objects_nth_loc (P->objects, id);
}

static guint
node_new (RfCPoints *P)
{
  Node *n = g_new0 (Node, 1);
  n->obj = NO_OBJ;
  g_ptr_array_add (P->nodes, n);
  return P->nodes->len - 1;
}

static void
node_free (Node *n)
{
  if (n->set)
    g_hash_table_unref (n->set);
  g_free (n->path);
  g_free (n);
}

static void
obj_free (Obj *o)
{
  if (!o)
    return;
  g_free (o->name);
  g_array_unref (o->cells);
  g_hash_table_unref (o->cell_of);
  g_free (o);
}

/* The analysis meets object O: its id, after making its state (named NAME for dumps,
 * owned) when it has none yet. */
static guint
obj_meet (RfCPoints *P, RfCObj *o, char *name)
{
  if (o->id >= P->objs->len)
    g_ptr_array_set_size (P->objs, o->id + 1);
  if (g_ptr_array_index (P->objs, o->id))
    {
      g_free (name);
      return o->id;
    }
  Obj *s = g_new0 (Obj, 1);
  s->o = o;
  s->name = name;
  s->cells = g_array_new (FALSE, FALSE, sizeof (guint));
  s->cell_of = g_hash_table_new (g_str_hash, g_str_equal);
  g_ptr_array_index (P->objs, o->id) = s;
  return o->id;
}

/* The object of variable or parameter D (FN: the function it belongs to, for locals):
 * a global with external linkage is one object whatever declaration names it. */
static guint
obj_var (RfCPoints *P, CDecl *d, CDecl *fn)
{
  RfCObj *o = rf_c_objects_var (P->objects, d, fn);
  gboolean local = !d->file_scope && d->storage != C_STORAGE_EXTERN;
  char *name = local && fn ? g_strdup_printf ("%s:%s", fn->name, d->name ? d->name : "?") : g_strdup (d->name ? d->name : "?");
  return obj_meet (P, o, name);
}

static CDecl *
func_def (RfCPoints *P, const char *name)
{
  return name ? g_hash_table_lookup (P->funcs, name) : NULL;
}

/* The object of function D (its definition when it has one). */
static guint
obj_func (RfCPoints *P, CDecl *d)
{
  CDecl *def = func_def (P, d->name);
  gconstpointer key = def ? (gconstpointer) def : (gconstpointer) g_intern_string (d->name ? d->name : "?");
  RfCObj *o = rf_c_objects_get (P->objects, RF_C_OBJ_FUNC, key, d->type, d->loc);
  if (!o->decl)
    o->decl = def ? def : d;
  return obj_meet (P, o, g_strdup_printf ("%s()", d->name ? d->name : "?"));
}

/* The object of compound literal E. */
static guint
obj_literal (RfCPoints *P, CExpr *e)
{
  RfCObj *o = rf_c_objects_get (P->objects, RF_C_OBJ_LITERAL, e, e->type, e->loc);
  g_autofree char *base = g_path_get_basename (e->loc.file ? e->loc.file : "?");
  guint id = obj_meet (P, o, g_strdup_printf ("literal@%s:%u", base, e->loc.line));
  obj_at (P, id)->addr_taken = TRUE;
  return id;
}

/* The object of allocation call E: the table's, or one made here (untyped) when the
 * analysis owns its table; else (the caller knows no object for the site) NO_OBJ. */
static guint
obj_heap (RfCPoints *P, CExpr *e)
{
  RfCObj *o = rf_c_objects_find (P->objects, RF_C_OBJ_HEAP, e);
  if (!o && !P->own_objects)
    return NO_OBJ;
  if (!o)
    o = rf_c_objects_get (P->objects, RF_C_OBJ_HEAP, e, NULL, e->loc);
  g_autofree char *base = g_path_get_basename (e->loc.file ? e->loc.file : "?");
  guint id = obj_meet (P, o, g_strdup_printf ("heap@%s:%u", base, e->loc.line));
  obj_at (P, id)->addr_taken = TRUE;
  return id;
}

/* The struct result of function DEF. */
static guint
obj_result (RfCPoints *P, CDecl *def)
{
  CType *ft = strip (P, def->type);
  RfCObj *o = rf_c_objects_get (P->objects, RF_C_OBJ_TEMP, def, ft && ft->kind == C_TYPE_FUNCTION ? ft->base : NULL,
                                def->loc);
  return obj_meet (P, o, g_strdup_printf ("result@%s", def->name ? def->name : "?"));
}

/* PATH in object O made normal: as a location path, or as a cell path (CELL); *TYPE
 * gets the type there (see rf_c_objects_normal_path). Owned. */
static char *
normal_path (RfCPoints *P, Obj *o, const char *path, gboolean cell, CType **type)
{
  return rf_c_objects_normal_path (P->objects, o->o, path, cell, type);
}

static guint
loc_id (RfCPoints *P, guint obj, const char *path)
{
  return rf_c_objects_loc (P->objects, obj_at (P, obj)->o, path)->id;
}

/* The cell of object OBJ at PATH (made normal as a cell path). */
static guint
cell_id (RfCPoints *P, guint obj, const char *path)
{
  Obj *o = obj_at (P, obj);
  g_autofree char *np = normal_path (P, o, path, TRUE, NULL);
  gpointer v = g_hash_table_lookup (o->cell_of, np);
  if (v)
    return GPOINTER_TO_UINT (v) - 1;
  guint id = node_new (P);
  Node *n = node_at (P, id);
  n->obj = obj;
  n->path = g_steal_pointer (&np);
  g_array_append_val (o->cells, id);
  g_hash_table_insert (o->cell_of, n->path, GUINT_TO_POINTER (id + 1));
  return id;
}

/* A is B, or one of them lies inside the other (paths end at segment boundaries). */
static gboolean
overlap (const char *a, const char *b)
{
  gsize la = strlen (a), lb = strlen (b);
  if (la > lb)
    {
      const char *t = a;
      a = b;
      b = t;
      gsize tl = la;
      la = lb;
      lb = tl;
    }
  return strncmp (a, b, la) == 0 && (b[la] == '\0' || b[la] == '.' || b[la] == '[');
}

/* ---- sets ---- */

static void
set_add (RfCPoints *P, guint node, guint loc)
{
  Node *n = node_at (P, node);
  if (!n->set)
    n->set = g_hash_table_new (NULL, NULL);
  if (g_hash_table_add (n->set, GUINT_TO_POINTER (loc + 1)))
    P->changed = TRUE;
}

static void
set_unknown (RfCPoints *P, guint node)
{
  Node *n = node_at (P, node);
  if (!n->unknown)
    {
      n->unknown = TRUE;
      P->changed = TRUE;
    }
}

/* DST ⊇ SRC. */
static void
merge (RfCPoints *P, guint dst, guint src)
{
  if (dst == src)
    return;
  Node *s = node_at (P, src);
  if (s->unknown)
    set_unknown (P, dst);
  if (!s->set)
    return;
  GHashTableIter it;
  gpointer k;
  g_hash_table_iter_init (&it, s->set);
  while (g_hash_table_iter_next (&it, &k, NULL))
    set_add (P, dst, GPOINTER_TO_UINT (k) - 1);
}

static int
cmp_uint (gconstpointer a, gconstpointer b)
{
  guint x = *(const guint *) a, y = *(const guint *) b;
  return x < y ? -1 : x > y;
}

/* The location ids of node N in increasing order. */
static GArray *
sorted_locs (RfCPoints *P, guint n)
{
  GArray *a = g_array_new (FALSE, FALSE, sizeof (guint));
  Node *nd = node_at (P, n);
  if (nd->set)
    {
      GHashTableIter it;
      gpointer k;
      g_hash_table_iter_init (&it, nd->set);
      while (g_hash_table_iter_next (&it, &k, NULL))
        {
          guint id = GPOINTER_TO_UINT (k) - 1;
          g_array_append_val (a, id);
        }
    }
  g_array_sort (a, cmp_uint);
  return a;
}

static void
obj_flag (RfCPoints *P, gboolean *flag)
{
  if (!*flag)
    {
      *flag = TRUE;
      P->changed = TRUE;
    }
}

/* ---- views: a location seen through an lvalue of another type ---- */

/* Location L seen as objects of type WANT (rf_c_objects_view), appended to OUT as
 * location ids. */
static void
view (RfCPoints *P, guint l, CType *want, GArray *out)
{
  g_autoptr (GPtrArray) vs = g_ptr_array_new ();
  rf_c_objects_view (P->objects, loc_at (P, l), want, vs);
  for (guint i = 0; i < vs->len; i++)
    g_array_append_val (out, ((const RfCLoc *) g_ptr_array_index (vs, i))->id);
}

/* ---- constraints ---- */

static void
cons_add (RfCPoints *P, ConsKind kind, guint dst, guint src, CType *type, gconstpointer x)
{
  Cons c = { kind, dst, src, type, x };
  g_array_append_val (P->cons, c);
}

/* A node holding location (OBJ, PATH). */
static guint
node_of_loc (RfCPoints *P, guint obj, const char *path)
{
  guint n = node_new (P);
  set_add (P, n, loc_id (P, obj, path));
  return n;
}

/* The value of what location L holds, read as TYPE, into DST. */
static void
load_loc (RfCPoints *P, guint dst, guint l, CType *type)
{
  g_autoptr (GArray) vs = g_array_new (FALSE, FALSE, sizeof (guint));
  view (P, l, type, vs);
  for (guint i = 0; i < vs->len; i++)
    {
      const RfCLoc *x = loc_at (P, g_array_index (vs, guint, i));
      Obj *o = obj_at (P, x->obj->id);
      if (o->o->kind == RF_C_OBJ_FUNC)
        continue;
      g_autofree char *cp = normal_path (P, o, x->path, TRUE, NULL);
      for (guint k = 0; k < o->cells->len; k++)
        {
          guint c = g_array_index (o->cells, guint, k);
          if (overlap (node_at (P, c)->path, cp))
            merge (P, dst, c);
        }
      if (o->smashed || o->tainted)
        set_unknown (P, dst);
      if (o->addr_taken)
        merge (P, dst, P->mem);
    }
}

static void
store_loc (RfCPoints *P, guint l, guint src, CType *type)
{
  g_autoptr (GArray) vs = g_array_new (FALSE, FALSE, sizeof (guint));
  view (P, l, type, vs);
  for (guint i = 0; i < vs->len; i++)
    {
      const RfCLoc *x = loc_at (P, g_array_index (vs, guint, i));
      if (obj_at (P, x->obj->id)->o->kind != RF_C_OBJ_FUNC)
        merge (P, cell_id (P, x->obj->id, x->path), src);
    }
}

/* Data that is not a pointer, of type TYPE (NULL: bytes), stored at location L: the
 * pointers there may be overwritten. */
static void
scalar_loc (RfCPoints *P, guint l, CType *type)
{
  g_autoptr (GArray) vs = g_array_new (FALSE, FALSE, sizeof (guint));
  view (P, l, type, vs);
  for (guint i = 0; i < vs->len; i++)
    {
      const RfCLoc *x = loc_at (P, g_array_index (vs, guint, i));
      Obj *o = obj_at (P, x->obj->id);
      /* the cell's type: a union (named or anonymous) holding the location */
      CType *ct = NULL;
      g_free (normal_path (P, o, x->path, TRUE, &ct));
      if (o->o->kind != RF_C_OBJ_FUNC
          && (rf_c_type_holds_pointers (P->ty, x->type) || rf_c_type_holds_pointers (P->ty, ct)))
        obj_flag (P, &o->smashed);
    }
}

/* The cells under location S copied to those under location D (a struct copy or
 * memcpy); TYPE: the copied type, NULL for bytes. */
static void
copy_loc (RfCPoints *P, guint d, guint s, CType *type)
{
  g_autoptr (GArray) ds = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GArray) ss = g_array_new (FALSE, FALSE, sizeof (guint));
  view (P, d, type, ds);
  view (P, s, type, ss);
  for (guint i = 0; i < ss->len; i++)
    for (guint j = 0; j < ds->len; j++)
      {
        const RfCLoc *xs = loc_at (P, g_array_index (ss, guint, i)), *xd = loc_at (P, g_array_index (ds, guint, j));
        Obj *os = obj_at (P, xs->obj->id), *od = obj_at (P, xd->obj->id);
        if (os->o->kind == RF_C_OBJ_FUNC || od->o->kind == RF_C_OBJ_FUNC)
          continue;
        CType *ts = xs->type, *td = xd->type;
        gboolean same = (!ts && !td) || (ts && td && rf_c_type_compatible (P->ty, ts, td)
                                          && is_aggregate (P, ts) == is_aggregate (P, td));
        /* other data copied over pointers */
        if (!same && rf_c_type_holds_pointers (P->ty, td) && rf_c_type_holds_scalars (P->ty, ts))
          obj_flag (P, &od->smashed);
        if (os->smashed || os->tainted)
          obj_flag (P, &od->smashed);
        g_autofree char *sp = normal_path (P, os, xs->path, TRUE, NULL);
        g_autofree char *dp = normal_path (P, od, xd->path, TRUE, NULL);
        gsize sl = strlen (sp);
        for (guint k = 0; k < os->cells->len; k++)
          {
            guint c = g_array_index (os->cells, guint, k);
            const char *cp = node_at (P, c)->path;
            if (!overlap (cp, sp))
              continue;
            /* a cell below S keeps its place under D; one above S (holding pointers
             * anywhere in it) goes to D's own cell */
            g_autofree char *tp = strlen (cp) > sl && same ? g_strconcat (dp, cp + sl, NULL) : g_strdup (dp);
            merge (P, cell_id (P, xd->obj->id, tp), c);
          }
        if (os->addr_taken)
          merge (P, cell_id (P, xd->obj->id, dp), P->mem);
      }
}

static CDecl *func_def (RfCPoints *P, const char *name);
static guint cell_id (RfCPoints *P, guint obj, const char *path);
static void set_unknown (RfCPoints *P, guint node);

/* Code without a body gets OBJ: it may write anything into it, or call it (a
 * function) with any arguments. */
static void
taint (RfCPoints *P, guint obj, gboolean keeps)
{
  Obj *o = obj_at (P, obj);
  if (o->o->kind != RF_C_OBJ_FUNC)
    obj_flag (P, &o->tainted);
  else if (!o->escaped)
    {
      /* code without a body may call the function: with any arguments; when it may
       * keep it (KEEPS), at any time later too: it escapes */
      if (keeps)
        obj_flag (P, &o->escaped);
      CDecl *def = o->o->decl && o->o->decl->body ? o->o->decl
                   : o->o->decl && o->o->decl->name ? func_def (P, o->o->decl->name) : NULL;
      for (guint j = 0; def && def->params && j < def->params->len; j++)
        {
          guint p = obj_var (P, g_ptr_array_index (def->params, j), def);
          set_unknown (P, cell_id (P, p, ""));
          obj_at (P, p)->smashed = TRUE;
        }
    }
}

static void bind (RfCPoints *P, Call *k, CDecl *def);
static void bind_unknown (RfCPoints *P, Call *k);
static void bind_library (RfCPoints *P, Call *k, CDecl *fn);

/* The functions a call through a pointer with an unknown set may reach. */
static void
bind_indirect (RfCPoints *P, Call *k)
{
  gboolean any = FALSE;
  for (guint i = 0; P->opts.indirect && i < P->opts.indirect->len; i++)
    {
      CDecl *d = g_ptr_array_index (P->opts.indirect, i);
      CType *t = strip (P, d->type);
      guint np = d->params ? d->params->len : 0;
      if (k->create ? !(t && t->kind == C_TYPE_FUNCTION && t->params && t->params->len == 1
                        && rf_c_type_is_pointerish (P->ty, t->base))
                    : np != k->vals->len)
        continue;
      bind (P, k, d);
      any = TRUE;
    }
  if (!any && !k->create)
    bind_unknown (P, k);
}

static void
apply_call (RfCPoints *P, Call *k)
{
  Node *f = node_at (P, k->fnode);
  if (f->set)
    {
      g_autoptr (GArray) ls = sorted_locs (P, k->fnode);
      for (guint i = 0; i < ls->len; i++)
        {
          const RfCLoc *l = loc_at (P, g_array_index (ls, guint, i));
          if (l->obj->kind != RF_C_OBJ_FUNC)
            continue;
          CDecl *def = func_def (P, l->obj->decl->name);
          if (def)
            bind (P, k, def);
          else if (!k->create)
            bind_library (P, k, l->obj->decl);
        }
    }
  if (f->unknown)
    bind_indirect (P, k);
}

static void
apply (RfCPoints *P, Cons *c)
{
  Node *s = node_at (P, c->src);
  g_autoptr (GArray) ls = NULL;
  switch (c->kind)
    {
    case K_COPY:
      merge (P, c->dst, c->src);
      return;
    case K_CALL:
      apply_call (P, (Call *) c->x);
      return;
    default:
      break;
    }
  ls = sorted_locs (P, c->src);
  switch (c->kind)
    {
    case K_FIELD: case K_DECAY:
      {
        g_autofree char *suffix = c->kind == K_FIELD ? g_strconcat (".", (const char *) c->x, NULL) : g_strdup ("[]");
        for (guint i = 0; i < ls->len; i++)
          {
            const RfCLoc *l = loc_at (P, g_array_index (ls, guint, i));
            g_autofree char *p = g_strconcat (l->path, suffix, NULL);
            set_add (P, c->dst, loc_id (P, l->obj->id, p));
          }
        if (s->unknown)
          set_unknown (P, c->dst);
      }
      return;
    case K_TAKE:
      for (guint i = 0; i < ls->len; i++)
        obj_flag (P, &obj_at (P, loc_at (P, g_array_index (ls, guint, i))->obj->id)->addr_taken);
      return;
    case K_LOAD:
      for (guint i = 0; i < ls->len; i++)
        load_loc (P, c->dst, g_array_index (ls, guint, i), c->type);
      if (s->unknown)
        set_unknown (P, c->dst);
      return;
    case K_STORE:
      /* here src is the pointer and dst the value */
      for (guint i = 0; i < ls->len; i++)
        store_loc (P, g_array_index (ls, guint, i), c->dst, c->type);
      if (s->unknown)
        merge (P, P->mem, c->dst);
      return;
    case K_SCALAR:
      for (guint i = 0; i < ls->len; i++)
        scalar_loc (P, g_array_index (ls, guint, i), c->type);
      /* bytes through an unknown pointer may land on any pointer */
      if (s->unknown && (!c->type || rf_c_type_is_any (P->ty, c->type)))
        set_unknown (P, P->mem);
      return;
    case K_COPYOBJ:
      {
        Node *d = node_at (P, c->dst);
        g_autoptr (GArray) ds = sorted_locs (P, c->dst);
        for (guint i = 0; i < ls->len; i++)
          for (guint j = 0; j < ds->len; j++)
            copy_loc (P, g_array_index (ds, guint, j), g_array_index (ls, guint, i), c->type);
        if (s->unknown)
          for (guint j = 0; j < ds->len; j++)
            obj_flag (P, &obj_at (P, loc_at (P, g_array_index (ds, guint, j))->obj->id)->smashed);
        if (d->unknown)
          {
            if (s->unknown)
              set_unknown (P, P->mem);
            for (guint i = 0; i < ls->len; i++)
              load_loc (P, P->mem, g_array_index (ls, guint, i), NULL);
          }
      }
      return;
    case K_TAINT:
    case K_CALLBACK:
      for (guint i = 0; i < ls->len; i++)
        taint (P, loc_at (P, g_array_index (ls, guint, i))->obj->id, c->kind == K_TAINT);
      return;
    case K_EXPOSE:
      for (guint i = 0; i < ls->len; i++)
        obj_flag (P, &obj_at (P, loc_at (P, g_array_index (ls, guint, i))->obj->id)->exposed);
      return;
    default:
      return;
    }
}

/* ---- calls ---- */

static guint val (RfCPoints *P, CExpr *e);
static guint addr (RfCPoints *P, CExpr *e);

static guint
ret_node (RfCPoints *P, CDecl *def)
{
  gpointer v = g_hash_table_lookup (P->ret_of, def);
  if (v)
    return GPOINTER_TO_UINT (v) - 1;
  guint n = node_new (P);
  g_hash_table_insert (P->ret_of, def, GUINT_TO_POINTER (n + 1));
  return n;
}

/* Call K reaches DEF: parameters ⊇ arguments, result ⊇ returns (once per target). */
static void
bind (RfCPoints *P, Call *k, CDecl *def)
{
  if (g_hash_table_contains (k->bound, def))
    return;
  g_hash_table_add (k->bound, def);
  P->changed = TRUE;
  for (guint i = 0; def->params && i < def->params->len && i < k->vals->len; i++)
    {
      CDecl *p = g_ptr_array_index (def->params, i);
      guint o = obj_var (P, p, def);
      guint a = g_array_index (k->addrs, guint, i);
      if (a != NO_OBJ && is_aggregate (P, obj_at (P, o)->o->type))
        cons_add (P, K_COPYOBJ, node_of_loc (P, o, ""), a, obj_at (P, o)->o->type, NULL);
      else
        cons_add (P, K_COPY, cell_id (P, o, ""), g_array_index (k->vals, guint, i), NULL, NULL);
    }
  if (k->create)
    return;
  cons_add (P, K_COPY, k->rval, ret_node (P, def), NULL, NULL);
  CType *ft = strip (P, def->type);
  if (ft && ft->kind == C_TYPE_FUNCTION && is_aggregate (P, ft->base))
    set_add (P, k->raddr, loc_id (P, obj_result (P, def), ""));
}

/* Call K reaches code without a body: it may keep and write all its arguments reach,
 * and returns anything. */
static void
bind_unknown (RfCPoints *P, Call *k)
{
  if (k->unknown_done)
    return;
  k->unknown_done = TRUE;
  P->changed = TRUE;
  if (!k->in_system)
    P->unknown_calls = TRUE;
  for (guint i = 0; i < k->vals->len; i++)
    {
      cons_add (P, K_TAINT, 0, g_array_index (k->vals, guint, i), NULL, NULL);
      guint a = g_array_index (k->addrs, guint, i);
      if (a != NO_OBJ)
        {
          /* a struct passed by value: what its pointers reach */
          guint n = node_new (P);
          cons_add (P, K_LOAD, n, a, NULL, NULL);
          cons_add (P, K_TAINT, 0, n, NULL, NULL);
        }
    }
  set_unknown (P, k->rval);
  set_unknown (P, k->raddr);
}

/* A call by NAME (DEF: the body of a function of that name, or NULL) goes to the
 * library's summary (rf-c-libc.h), not to DEF. */
static gboolean
summarised (RfCPoints *P, const char *name, CDecl *def)
{
  return rf_c_libc_points (rf_c_libc_lookup (name), def && !def->in_system);
}

static guint lower_lib (RfCPoints *P, CExpr *e, const char *name, guint *raddr);

/* Call K reaches FN, which has no body: its library summary when it has one (as a
 * call by name), else unknown code. */
static void
bind_library (RfCPoints *P, Call *k, CDecl *fn)
{
  if (!fn->name || !summarised (P, fn->name, NULL))
    {
      bind_unknown (P, k);
      return;
    }
  if (g_hash_table_contains (k->bound, fn))
    return;
  g_hash_table_add (k->bound, fn);
  P->changed = TRUE;
  guint raddr = node_new (P);
  guint r = lower_lib (P, k->call, fn->name, &raddr);
  cons_add (P, K_COPY, k->rval, r, NULL, NULL);
  cons_add (P, K_COPY, k->raddr, raddr, NULL, NULL);
}

static Call *
call_new (RfCPoints *P, CExpr *e, guint first, guint n_args)
{
  Call *k = g_new0 (Call, 1);
  k->call = e;
  k->vals = g_array_new (FALSE, FALSE, sizeof (guint));
  k->addrs = g_array_new (FALSE, FALSE, sizeof (guint));
  k->bound = g_hash_table_new (NULL, NULL);
  k->rval = node_new (P);
  k->raddr = node_new (P);
  k->fnode = NO_OBJ;
  k->in_system = P->fn && P->fn->in_system;
  for (guint i = first; e->args && i < e->args->len && i < first + n_args; i++)
    {
      CExpr *a = g_ptr_array_index (e->args, i);
      guint v = NO_OBJ, ad = NO_OBJ;
      if (is_aggregate (P, type_of (P, a)))
        {
          ad = addr (P, a);
          v = P->empty;
        }
      else
        v = val (P, a);
      g_array_append_val (k->vals, v);
      g_array_append_val (k->addrs, ad);
    }
  g_ptr_array_add (P->calls, k);
  return k;
}

static void
call_free (Call *k)
{
  g_array_unref (k->vals);
  g_array_unref (k->addrs);
  g_hash_table_unref (k->bound);
  g_free (k);
}

/* What a call of library function NAME does to pointers (rf-c-libc.h). */
static RfCLibcPointers
lib_of (const char *name)
{
  const RfCLibcFunc *f = rf_c_libc_lookup (name);
  return f ? f->pointers : RF_C_LIBC_PTS_OTHER;
}

gboolean
rf_c_points_leaks_first_argument (CExpr *call, const char *name, gboolean result_used)
{
  RfCLibcPointers lib = name ? lib_of (name) : RF_C_LIBC_PTS_OTHER;
  if (lib == RF_C_LIBC_PTS_ENDPTR)
    return call && c_arg (call, 1) && !c_is_null_constant (c_arg (call, 1));
  if (lib == RF_C_LIBC_PTS_STRTOK)
    return TRUE;
  return result_used
         && (lib == RF_C_LIBC_PTS_RET0 || lib == RF_C_LIBC_PTS_COPY || lib == RF_C_LIBC_PTS_BYTES0 || lib == RF_C_LIBC_PTS_SET || lib == RF_C_LIBC_PTS_REALLOC);
}

static void
visit_args (RfCPoints *P, CExpr *e, guint from)
{
  for (guint i = from; e->args && i < e->args->len; i++)
    {
      CExpr *a = g_ptr_array_index (e->args, i);
      if (is_aggregate (P, type_of (P, a)))
        addr (P, a);
      else
        val (P, a);
    }
}

static CType *
pointee_of (RfCPoints *P, CExpr *e)
{
  return rf_c_type_pointee (P->ty, type_of (P, e));
}

/* atomic_*, __atomic_*, __sync_*: the object *arg0 may take any value passed (a value
 * argument of its type, or what a pointer argument to its type points to), and the
 * result and every such pointer argument may receive its value. */
static guint
lower_atomic (RfCPoints *P, CExpr *e)
{
  guint v = node_new (P), r = node_new (P);
  CExpr *obj = c_arg (e, 0);
  if (!obj)
    return r;
  guint p0 = val (P, obj);
  CType *w = pointee_of (P, obj);
  cons_add (P, K_LOAD, v, p0, w, NULL);
  for (guint i = 1; e->args && i < e->args->len; i++)
    {
      CExpr *a = g_ptr_array_index (e->args, i);
      guint n = val (P, a);
      CType *t = type_of (P, a);
      if (!pointer_valued (P, t))
        continue;
      if (!w || pointer_valued (P, w))
        cons_add (P, K_COPY, v, n, NULL, NULL);
      CType *pt = rf_c_type_pointee (P->ty, t);
      if (pt && rf_c_type_compatible (P->ty, pt, w) && pointer_valued (P, pt))
        {
          guint m = node_new (P);
          cons_add (P, K_LOAD, m, n, pt, NULL);
          cons_add (P, K_COPY, v, m, NULL, NULL);
          cons_add (P, K_STORE, v, n, pt, NULL);
        }
    }
  if (!w || pointer_valued (P, w))
    cons_add (P, K_STORE, v, p0, w, NULL);
  cons_add (P, K_COPY, r, v, NULL, NULL);
  return r;
}

/* A call of library function NAME; returns the result's node. */
static guint
lower_lib (RfCPoints *P, CExpr *e, const char *name, guint *raddr)
{
  guint r = node_new (P);
  CExpr *a0 = c_arg (e, 0);
  switch (lib_of (name))
    {
    case RF_C_LIBC_PTS_ALLOC: case RF_C_LIBC_PTS_REALLOC:
      {
        guint o = obj_heap (P, e);
        if (o == NO_OBJ)
          {
            visit_args (P, e, 0);
            set_unknown (P, r);
            return r;
          }
        set_add (P, r, loc_id (P, o, ""));
        if (lib_of (name) == RF_C_LIBC_PTS_REALLOC && a0)
          {
            guint p = val (P, a0);
            cons_add (P, K_COPY, r, p, NULL, NULL);
            cons_add (P, K_COPYOBJ, node_of_loc (P, o, ""), p, NULL, NULL);
            visit_args (P, e, 1);
          }
        else
          visit_args (P, e, 0);
      }
      return r;
    case RF_C_LIBC_PTS_RET0: case RF_C_LIBC_PTS_BYTES0: case RF_C_LIBC_PTS_SET: case RF_C_LIBC_PTS_COPY:
      {
        if (!a0)
          return r;
        guint p = val (P, a0);
        cons_add (P, K_COPY, r, p, NULL, NULL);
        RfCLibcPointers lib = lib_of (name);
        if (lib == RF_C_LIBC_PTS_COPY && c_arg (e, 1))
          cons_add (P, K_COPYOBJ, p, val (P, c_arg (e, 1)), NULL, NULL);
        else if (lib == RF_C_LIBC_PTS_BYTES0 || (lib == RF_C_LIBC_PTS_SET && !(strstr (name, "bzero") || c_is_null_constant (c_arg (e, 1)))))
          cons_add (P, K_SCALAR, p, p, NULL, NULL);
        visit_args (P, e, lib == RF_C_LIBC_PTS_COPY ? 2 : 1);
      }
      return r;
    case RF_C_LIBC_PTS_SCAN: case RF_C_LIBC_PTS_SSCAN:
      for (guint i = lib_of (name) == RF_C_LIBC_PTS_SCAN ? 1 : 2; e->args && i < e->args->len; i++)
        {
          CExpr *a = g_ptr_array_index (e->args, i);
          guint p = val (P, a);
          if (rf_c_type_is_pointerish (P->ty, type_of (P, a)))
            cons_add (P, K_SCALAR, p, p, pointee_of (P, a), NULL);
        }
      visit_args (P, e, 0);
      return r;
    case RF_C_LIBC_PTS_ENDPTR:
      if (a0 && c_arg (e, 1) && !c_is_null_constant (c_arg (e, 1)))
        cons_add (P, K_STORE, val (P, a0), val (P, c_arg (e, 1)), pointee_of (P, c_arg (e, 1)), NULL);
      visit_args (P, e, 0);
      return r;
    case RF_C_LIBC_PTS_SETSPECIFIC:
      visit_args (P, e, 0);
      if (c_arg (e, 1))
        cons_add (P, K_COPY, P->specific, val (P, c_arg (e, 1)), NULL, NULL);
      return r;
    case RF_C_LIBC_PTS_GETSPECIFIC:
      visit_args (P, e, 0);
      cons_add (P, K_COPY, r, P->specific, NULL, NULL);
      return r;
    case RF_C_LIBC_PTS_KEYCREATE:
      {
        visit_args (P, e, 0);
        CExpr *f = c_peel (c_arg (e, 1));
        if (f && f->kind == C_EXPR_UNARY && f->op == C_OP_ADDR)
          f = c_peel (f->a);
        CDecl *def = f && f->kind == C_EXPR_IDENT && f->decl && f->decl->kind == C_DECL_FUNC
                     ? func_def (P, f->text) : NULL;
        if (def && def->params && def->params->len == 1)
          cons_add (P, K_COPY, cell_id (P, obj_var (P, g_ptr_array_index (def->params, 0), def), ""),
                    P->specific, NULL, NULL);
        else if (f && !c_is_null_constant (f))
          {
            /* a destructor through a pointer: whatever it may be gets unknown values */
            cons_add (P, K_TAINT, 0, val (P, c_arg (e, 1)), NULL, NULL);
          }
      }
      return r;
    case RF_C_LIBC_PTS_STRTOK:
      visit_args (P, e, 0);
      if (a0 && c_arg (e, 2) && !c_is_null_constant (c_arg (e, 2)))
        {
          guint v = val (P, a0), sp = val (P, c_arg (e, 2));
          cons_add (P, K_COPY, r, v, NULL, NULL);
          cons_add (P, K_STORE, v, sp, pointee_of (P, c_arg (e, 2)), NULL);
          cons_add (P, K_LOAD, r, sp, NULL, NULL);
        }
      else
        set_unknown (P, r);
      return r;
    case RF_C_LIBC_PTS_CREATE:
      {
        visit_args (P, e, 0);
        CExpr *f = c_arg (e, 2), *arg = c_arg (e, 3);
        if (!f || !arg)
          return r;
        Call *k = call_new (P, e, 3, 1);
        k->create = TRUE;
        CExpr *pf = c_peel (f);
        if (pf && pf->kind == C_EXPR_UNARY && pf->op == C_OP_ADDR)
          pf = c_peel (pf->a);
        CDecl *def = pf && pf->kind == C_EXPR_IDENT && pf->decl && pf->decl->kind == C_DECL_FUNC
                     ? func_def (P, pf->text) : NULL;
        if (def)
          bind (P, k, def);
        else
          {
            k->fnode = val (P, f);
            cons_add (P, K_CALL, 0, 0, NULL, k);
          }
      }
      return r;
    case RF_C_LIBC_PTS_JOIN:
      visit_args (P, e, 0);
      if (c_arg (e, 1) && !c_is_null_constant (c_arg (e, 1)))
        cons_add (P, K_STORE, P->unknown, val (P, c_arg (e, 1)), pointee_of (P, c_arg (e, 1)), NULL);
      return r;
    case RF_C_LIBC_PTS_PRIVATE:
      visit_args (P, e, 0);
      return r;
    case RF_C_LIBC_PTS_ATOMIC:
      visit_args (P, e, 0);
      return lower_atomic (P, e);
    case RF_C_LIBC_PTS_OTHER: case RF_C_LIBC_PTS_UNKNOWN: case RF_C_LIBC_N_PTS:
      break;
    }
  /* a summarised function given functions (qsort's comparator) calls them with
   * pointers the analysis does not follow: their parameters are unknown */
  const RfCLibcFunc *row = rf_c_libc_lookup (name);
  ConsKind given = row && (row->flags & RF_C_LIBC_CALLS_BACK) ? K_CALLBACK : K_TAINT;
  for (guint i = 0; e->args && i < e->args->len; i++)
    {
      CType *at = strip (P, type_of (P, c_arg (e, i)));
      if (at && (at->kind == C_TYPE_FUNCTION
                 || (at->kind == C_TYPE_POINTER && strip (P, at->base) && strip (P, at->base)->kind == C_TYPE_FUNCTION)))
        cons_add (P, given, 0, val (P, c_arg (e, i)), NULL, NULL);
    }
  visit_args (P, e, 0);
  CType *rt = type_of (P, e);
  if (pointer_valued (P, rt) && !is_kind (P, rt, C_TYPE_VOID))
    set_unknown (P, r);
  if (is_aggregate (P, rt))
    set_unknown (P, *raddr);
  return r;
}

/* A call: the result's value node; *RADDR gets its location node (struct results). */
static guint
lower_call (RfCPoints *P, CExpr *e, guint *raddr)
{
  const char *name = c_callee_name (e);
  CDecl *def = func_def (P, name);
  *raddr = node_new (P);
  if (name && summarised (P, name, def))
    return lower_lib (P, e, name, raddr);
  Call *k = call_new (P, e, 0, G_MAXUINT);
  k->raddr = *raddr;
  if (def)
    bind (P, k, def);
  else if (name)
    bind_unknown (P, k);
  else
    {
      k->fnode = val (P, e->a);
      cons_add (P, K_CALL, 0, 0, NULL, k);
    }
  return k->rval;
}

/* ---- expressions ---- */

static void stmt (RfCPoints *P, CStmt *s);
static void init_object (RfCPoints *P, guint obj, const char *path, CType *type, CInit *in);

static guint
memo (RfCPoints *P, GHashTable *table, CExpr *e, guint n)
{
  g_hash_table_insert (table, e, GUINT_TO_POINTER (n + 1));
  return n;
}

/* The value of the last expression statement of statement expression E (VALUE: its
 * value, else its locations). */
static guint
stmt_expr_result (RfCPoints *P, CExpr *e, gboolean value)
{
  CStmt *s = e->stmt;
  CStmt *last = s && s->kind == C_STMT_COMPOUND && s->items && s->items->len
                ? g_ptr_array_index (s->items, s->items->len - 1) : NULL;
  if (s && s->kind == C_STMT_COMPOUND)
    for (guint i = 0; s->items && i + 1 < s->items->len; i++)
      stmt (P, g_ptr_array_index (s->items, i));
  if (last && last->kind == C_STMT_EXPR && last->expr)
    return value ? val (P, last->expr) : addr (P, last->expr);
  stmt (P, last);
  return P->empty;
}

static guint
compound_literal (RfCPoints *P, CExpr *e)
{
  guint o = obj_literal (P, e);
  init_object (P, o, "", e->type, e->init);
  return o;
}

/* The locations lvalue E denotes (or a struct-valued E's); walks E. */
static guint
addr (RfCPoints *P, CExpr *e)
{
  if (!e)
    return P->empty;
  gpointer m = g_hash_table_lookup (P->addr_of, e);
  if (m)
    return GPOINTER_TO_UINT (m) - 1;
  guint n;
  switch (e->kind)
    {
    case C_EXPR_IDENT:
      if (e->decl && (e->decl->kind == C_DECL_VAR || e->decl->kind == C_DECL_PARAM))
        n = node_of_loc (P, obj_var (P, e->decl, P->fn), "");
      else if (e->decl && e->decl->kind == C_DECL_FUNC)
        n = node_of_loc (P, obj_func (P, e->decl), "");
      else
        n = P->unknown;
      break;
    case C_EXPR_MEMBER:
      n = node_new (P);
      cons_add (P, K_FIELD, n, e->arrow ? val (P, e->a) : addr (P, e->a), NULL, e->text);
      break;
    case C_EXPR_INDEX:
      {
        CExpr *arr = e->a, *idx = e->b;
        if (!rf_c_type_is_pointerish (P->ty, type_of (P, arr)) && rf_c_type_is_pointerish (P->ty, type_of (P, idx)))
          arr = e->b, idx = e->a;
        val (P, idx);
        n = val (P, arr);
      }
      break;
    case C_EXPR_UNARY:
      if (e->op == C_OP_DEREF)
        n = val (P, e->a);
      else if (e->op == C_OP_EXTENSION)
        n = addr (P, e->a);
      else
        {
          val (P, e);
          n = P->unknown;
        }
      break;
    case C_EXPR_CAST:
      n = addr (P, e->a);
      break;
    case C_EXPR_COMPOUND_LIT:
      n = node_of_loc (P, compound_literal (P, e), "");
      break;
    case C_EXPR_CALL:
      memo (P, P->val_of, e, lower_call (P, e, &n));
      break;
    case C_EXPR_ASSIGN:
      val (P, e);
      n = addr (P, e->a);
      break;
    case C_EXPR_COND:
      n = node_new (P);
      val (P, e->a);
      cons_add (P, K_COPY, n, e->b ? addr (P, e->b) : addr (P, e->a), NULL, NULL);
      cons_add (P, K_COPY, n, addr (P, e->c), NULL, NULL);
      break;
    case C_EXPR_COMMA:
      val (P, e->a);
      n = addr (P, e->b);
      break;
    case C_EXPR_STMT_EXPR:
      n = stmt_expr_result (P, e, FALSE);
      break;
    default:
      val (P, e);
      n = P->unknown;
      break;
    }
  return memo (P, P->addr_of, e, n);
}

/* The locations the value of E may point to; walks E. */
static guint
val (RfCPoints *P, CExpr *e)
{
  if (!e)
    return P->empty;
  gpointer m = g_hash_table_lookup (P->val_of, e);
  if (m)
    return GPOINTER_TO_UINT (m) - 1;
  guint n = P->empty;
  CType *t = type_of (P, e);
  switch (e->kind)
    {
    case C_EXPR_IDENT:
      if (!e->decl)
        n = P->unknown;
      else if (e->decl->kind == C_DECL_FUNC)
        n = node_of_loc (P, obj_func (P, e->decl), "");
      else if (e->decl->kind == C_DECL_VAR || e->decl->kind == C_DECL_PARAM)
        {
          guint o = obj_var (P, e->decl, P->fn);
          n = node_new (P);
          if (is_kind (P, obj_at (P, o)->o->type, C_TYPE_ARRAY))
            {
              /* an array decays to a pointer to its elements */
              set_add (P, n, loc_id (P, o, "[]"));
              obj_at (P, o)->addr_taken = TRUE;
            }
          else
            cons_add (P, K_LOAD, n, node_of_loc (P, o, ""), obj_at (P, o)->o->type, NULL);
        }
      break;
    case C_EXPR_INT: case C_EXPR_FLOAT: case C_EXPR_CHAR: case C_EXPR_STRING:
    case C_EXPR_SIZEOF: case C_EXPR_ALIGNOF: case C_EXPR_OFFSETOF: case C_EXPR_TYPES_COMPAT:
    case C_EXPR_LABEL_ADDR:
      break;
    case C_EXPR_UNARY:
      switch (e->op)
        {
        case C_OP_ADDR:
          {
            CExpr *a = c_peel (e->a);
            n = addr (P, e->a);
            if (!(a && a->kind == C_EXPR_IDENT && a->decl && a->decl->kind == C_DECL_FUNC))
              cons_add (P, K_TAKE, 0, n, NULL, NULL);
          }
          break;
        case C_OP_DEREF:
          if (is_kind (P, t, C_TYPE_FUNCTION))
            n = val (P, e->a);
          else if (is_kind (P, t, C_TYPE_ARRAY))
            {
              n = node_new (P);
              cons_add (P, K_DECAY, n, val (P, e->a), NULL, NULL);
              cons_add (P, K_TAKE, 0, n, NULL, NULL);
            }
          else
            {
              guint p = val (P, e->a);
              if (pointer_valued (P, t))
                {
                  n = node_new (P);
                  cons_add (P, K_LOAD, n, p, t, NULL);
                }
            }
          break;
        case C_OP_PREINC: case C_OP_PREDEC: case C_OP_POSTINC: case C_OP_POSTDEC:
        case C_OP_EXTENSION:
          n = val (P, e->a);
          break;
        default:
          val (P, e->a);
          break;
        }
      break;
    case C_EXPR_BINARY:
      {
        guint a = val (P, e->a), b = val (P, e->b);
        if (e->op == C_OP_ADD || e->op == C_OP_SUB)
          {
            CType *ta = type_of (P, e->a), *tb = type_of (P, e->b);
            gboolean pa = rf_c_type_is_pointerish (P->ty, ta), pb = rf_c_type_is_pointerish (P->ty, tb);
            if (pa && !(e->op == C_OP_SUB && pb))
              n = a;
            else if (pb && e->op == C_OP_ADD)
              n = b;
            else if (!ta || !tb)
              n = P->unknown;
          }
      }
      break;
    case C_EXPR_ASSIGN:
      {
        CType *w = type_of (P, e->a);
        if (is_aggregate (P, w))
          cons_add (P, K_COPYOBJ, addr (P, e->a), addr (P, e->b), w, NULL);
        else if (pointer_valued (P, w))
          {
            guint v = val (P, e->b);
            if (e->op == C_OP_ASSIGN)
              {
                cons_add (P, K_STORE, v, addr (P, e->a), w, NULL);
                n = v;
              }
            else
              n = val (P, e->a);
          }
        else
          {
            val (P, e->b);
            guint d = addr (P, e->a);
            cons_add (P, K_SCALAR, d, d, w, NULL);
          }
      }
      break;
    case C_EXPR_COND:
      {
        guint c = val (P, e->a);
        n = node_new (P);
        cons_add (P, K_COPY, n, e->b ? val (P, e->b) : c, NULL, NULL);
        cons_add (P, K_COPY, n, val (P, e->c), NULL, NULL);
      }
      break;
    case C_EXPR_COMMA:
      val (P, e->a);
      n = val (P, e->b);
      break;
    case C_EXPR_CALL:
      {
        guint ra;
        n = lower_call (P, e, &ra);
        g_hash_table_insert (P->addr_of, e, GUINT_TO_POINTER (ra + 1));
      }
      break;
    case C_EXPR_MEMBER: case C_EXPR_INDEX:
      {
        guint a = addr (P, e);
        if (is_kind (P, t, C_TYPE_ARRAY))
          {
            n = node_new (P);
            cons_add (P, K_DECAY, n, a, NULL, NULL);
            cons_add (P, K_TAKE, 0, n, NULL, NULL);
          }
        else if (pointer_valued (P, t))
          {
            n = node_new (P);
            cons_add (P, K_LOAD, n, a, t, NULL);
          }
      }
      break;
    case C_EXPR_CAST:
      {
        CType *from = type_of (P, e->a);
        guint a = is_aggregate (P, from) ? addr (P, e->a) : val (P, e->a);
        if (pointer_valued (P, e->type) && !is_kind (P, e->type, C_TYPE_VOID))
          {
            if (!from)
              n = P->unknown;
            else if (pointer_valued (P, from))
              n = a;
            else if (!c_is_null_constant (e->a))
              n = P->unknown;  /* an integer turned into a pointer */
          }
        else if (pointer_valued (P, from) && !is_kind (P, e->type, C_TYPE_VOID))
          cons_add (P, K_EXPOSE, 0, a, NULL, NULL);  /* a pointer turned into an integer */
      }
      break;
    case C_EXPR_COMPOUND_LIT:
      {
        guint o = compound_literal (P, e);
        n = node_new (P);
        if (is_kind (P, e->type, C_TYPE_ARRAY))
          set_add (P, n, loc_id (P, o, "[]"));
        else if (pointer_valued (P, e->type))
          cons_add (P, K_LOAD, n, node_of_loc (P, o, ""), e->type, NULL);
      }
      break;
    case C_EXPR_STMT_EXPR:
      n = stmt_expr_result (P, e, TRUE);
      break;
    case C_EXPR_VA_ARG:
      val (P, e->a);
      n = P->unknown;
      break;
    case C_EXPR_GENERIC:
      n = node_new (P);
      for (guint i = 0; e->args && i < e->args->len; i++)
        cons_add (P, K_COPY, n, val (P, ((CGenericAssoc *) g_ptr_array_index (e->args, i))->expr), NULL, NULL);
      break;
    default:
      n = P->unknown;
      break;
    }
  return memo (P, P->val_of, e, n);
}

/* ---- initializers and statements ---- */

/* Value E stored into object OBJ at PATH, of type TYPE (NULL: some member of the
 * aggregate at PATH, its braces elided). */
static void
init_value (RfCPoints *P, guint obj, const char *path, CType *type, CExpr *e)
{
  CType *te = type_of (P, e);
  if (is_kind (P, type, C_TYPE_ARRAY) && e->kind == C_EXPR_STRING)
    return;
  if (is_aggregate (P, te))
    {
      cons_add (P, K_COPYOBJ, node_of_loc (P, obj, path), addr (P, e), is_aggregate (P, type) ? type : NULL, NULL);
      return;
    }
  guint v = val (P, e);
  if (pointer_valued (P, te))
    {
      /* into the cell at PATH (seen by the cells below it) */
      cons_add (P, K_COPY, cell_id (P, obj, path), v, NULL, NULL);
      return;
    }
  /* other data: where it shares a union with pointers, they are lost */
  CType *ct = NULL;
  g_free (normal_path (P, obj_at (P, obj), path, TRUE, &ct));
  if (!c_is_null_constant (e) && (!ct || is_kind (P, ct, C_TYPE_UNION)) && rf_c_type_holds_pointers (P->ty, ct))
    obj_at (P, obj)->smashed = TRUE;
}

/* The expressions of initializer IN, evaluated for their effects only. */
static void
init_visit (RfCPoints *P, CInit *in)
{
  if (!in)
    return;
  if (in->expr)
    val (P, in->expr);
  for (guint i = 0; in->items && i < in->items->len; i++)
    init_visit (P, ((CInitItem *) g_ptr_array_index (in->items, i))->init);
}

/* T is (a typedef of) a pthread or semaphore type: the pointers inside belong to the
 * library, which the program never loads. */
static gboolean
is_sync_type (CType *t)
{
  for (int i = 0; t && i < 64 && t->kind == C_TYPE_TYPEDEF && t->tdef; i++)
    {
      const char *n = t->tdef->name;
      if (n && (g_str_has_prefix (n, "pthread_") || strcmp (n, "sem_t") == 0))
        return TRUE;
      t = t->tdef->type;
    }
  return FALSE;
}

/* Initializer IN of object OBJ's part at PATH, of type TYPE (designated and nested
 * lists followed; anything else goes to PATH as a whole). */
static void
init_object (RfCPoints *P, guint obj, const char *path, CType *type, CInit *in)
{
  if (!in)
    return;
  if (is_sync_type (type) && !in->expr)
    {
      /* PTHREAD_MUTEX_INITIALIZER and the like: integers over the library's own
       * pointers (a mutex's list links), which the program never loads */
      init_visit (P, in);
      return;
    }
  if (in->expr)
    {
      init_value (P, obj, path, type, in->expr);
      return;
    }
  CType *t = strip (P, type);
  guint next = 0;  /* the next member of a struct */
  for (guint i = 0; in->items && i < in->items->len; i++)
    {
      CInitItem *it = g_ptr_array_index (in->items, i);
      g_autofree char *p = g_strdup (path);
      CType *st = t, *mt = NULL;
      gboolean ok = TRUE;
      if (it->designators && it->designators->len)
        for (guint j = 0; j < it->designators->len && ok; j++)
          {
            CDesignator *d = g_ptr_array_index (it->designators, j);
            CType *s = strip (P, st);
            val (P, d->index);
            val (P, d->index_hi);
            if (d->kind != C_DESIG_FIELD && s && s->kind == C_TYPE_ARRAY)
              {
                char *np = g_strconcat (p, "[]", NULL);
                g_free (p);
                p = np;
                mt = s->base;
              }
            else if (d->kind == C_DESIG_FIELD && s && (s->kind == C_TYPE_STRUCT || s->kind == C_TYPE_UNION)
                     && (mt = rf_c_type_member (P->ty, s, d->field)))
              {
                char *np = g_strconcat (p, ".", d->field, NULL);
                g_free (p);
                p = np;
                if (j == 0 && s->kind == C_TYPE_STRUCT && s->tag && s->tag->members)
                  for (guint k = 0; k < s->tag->members->len; k++)
                    if (((CDecl *) g_ptr_array_index (s->tag->members, k))->name
                        && strcmp (((CDecl *) g_ptr_array_index (s->tag->members, k))->name, d->field) == 0)
                      next = k + 1;
              }
            else
              ok = FALSE;
            st = mt;
          }
      else if (t && t->kind == C_TYPE_ARRAY)
        {
          char *np = g_strconcat (p, "[]", NULL);
          g_free (p);
          p = np;
          mt = t->base;
        }
      else if (t && (t->kind == C_TYPE_STRUCT || t->kind == C_TYPE_UNION) && t->tag && t->tag->members
               && next < t->tag->members->len)
        {
          /* unnamed bit-fields take no initializer */
          while (next < t->tag->members->len && !((CDecl *) g_ptr_array_index (t->tag->members, next))->name
                 && ((CDecl *) g_ptr_array_index (t->tag->members, next))->bit_width)
            next++;
          CDecl *m = next < t->tag->members->len ? g_ptr_array_index (t->tag->members, next++) : NULL;
          if (m && m->name)
            {
              char *np = g_strconcat (p, ".", m->name, NULL);
              g_free (p);
              p = np;
              mt = m->type;
            }
          else
            ok = FALSE;
        }
      else if (t && t->kind != C_TYPE_STRUCT && t->kind != C_TYPE_UNION && t->kind != C_TYPE_ARRAY)
        mt = t;  /* braces around a scalar */
      else
        ok = FALSE;
      /* braces elided: an expression for an aggregate member starts inside it; the
       * rest of the list is then taken whole */
      if (ok && it->init && it->init->expr && (is_aggregate (P, mt) || is_kind (P, mt, C_TYPE_ARRAY))
          && !is_aggregate (P, type_of (P, it->init->expr))
          && !(is_kind (P, mt, C_TYPE_ARRAY) && it->init->expr->kind == C_EXPR_STRING))
        ok = FALSE;
      if (!ok)
        {
          for (guint j = i; j < in->items->len; j++)
            init_object (P, obj, path, NULL, ((CInitItem *) g_ptr_array_index (in->items, j))->init);
          return;
        }
      init_object (P, obj, p, mt, it->init);
    }
}

static void
decl (RfCPoints *P, CDecl *d)
{
  if (d->kind != C_DECL_VAR || !d->init)
    return;
  guint o = obj_var (P, d, d->file_scope ? NULL : P->fn);
  init_object (P, o, "", obj_at (P, o)->o->type, d->init);
}

/* The constraints of statement S's own parts (its sub-statements are visited after). */
static CVisitResult
stmt_parts (CStmt *s, gpointer data)
{
  RfCPoints *P = data;
  switch (s->kind)
    {
    case C_STMT_DECL:
      for (guint i = 0; s->items && i < s->items->len; i++)
        decl (P, g_ptr_array_index (s->items, i));
      return C_VISIT_SKIP;
    case C_STMT_RETURN:
      if (s->expr && P->fn)
        {
          CType *ft = strip (P, P->fn->type);
          CType *rt = ft && ft->kind == C_TYPE_FUNCTION ? ft->base : NULL;
          if (is_aggregate (P, rt))
            cons_add (P, K_COPYOBJ, node_of_loc (P, obj_result (P, P->fn), ""), addr (P, s->expr), rt, NULL);
          else
            cons_add (P, K_COPY, ret_node (P, P->fn), val (P, s->expr), NULL, NULL);
        }
      return C_VISIT_SKIP;
    case C_STMT_LOCAL_LABEL:
      return C_VISIT_SKIP;
    default:
      val (P, s->expr);
      val (P, s->expr2);
      if (s->kind == C_STMT_ASM && s->asm_)
        {
          /* operands of an asm statement: anything may happen to them */
          GPtrArray *ops[2] = { s->asm_->outputs, s->asm_->inputs };
          for (guint k = 0; k < 2; k++)
            for (guint i = 0; ops[k] && i < ops[k]->len; i++)
              cons_add (P, K_TAINT, 0, val (P, ((CAsmOperand *) g_ptr_array_index (ops[k], i))->expr), NULL, NULL);
        }
      return C_VISIT_CONTINUE;
    }
}

static void
stmt (RfCPoints *P, CStmt *s)
{
  CVisitor v = { .stmt = stmt_parts, .no_exprs = TRUE, .data = P };
  c_visit_stmt (&v, s);
}

/* ---- solving ---- */

/* Code without a body may hand out the address of every global with external
 * linkage (so stores through unknown pointers may reach them), and may get (and
 * write) every object whose address became an integer. */
static void
externals (RfCPoints *P)
{
  if (!P->externals_done)
    {
      P->externals_done = TRUE;
      for (guint i = 0; i < P->decls->len; i++)
        {
          CDecl *d = g_ptr_array_index (P->decls, i);
          if (d->kind == C_DECL_VAR && d->file_scope && d->storage != C_STORAGE_STATIC
              && d->storage != C_STORAGE_TYPEDEF && !d->in_system && !d->thread_local)
            {
              guint o = obj_var (P, d, NULL);
              obj_flag (P, &obj_at (P, o)->addr_taken);
            }
        }
    }
  for (guint i = 0; i < P->objs->len; i++)
    if (obj_at (P, i)->exposed)
      taint (P, i, TRUE);
}

/* Everything a tainted object points to is tainted. */
static void
spread_taint (RfCPoints *P)
{
  for (guint i = 0; i < P->objs->len; i++)
    {
      Obj *o = obj_at (P, i);
      if (!o->tainted)
        continue;
      for (guint k = 0; k < o->cells->len; k++)
        {
          g_autoptr (GArray) ls = sorted_locs (P, g_array_index (o->cells, guint, k));
          for (guint j = 0; j < ls->len; j++)
            taint (P, loc_at (P, g_array_index (ls, guint, j))->obj->id, TRUE);
        }
      if (o->addr_taken)
        {
          g_autoptr (GArray) ls = sorted_locs (P, P->mem);
          for (guint j = 0; j < ls->len; j++)
            taint (P, loc_at (P, g_array_index (ls, guint, j))->obj->id, TRUE);
        }
    }
}

static void
solve (RfCPoints *P)
{
  /* pre: every constraint stated; post: applying any of them adds nothing */
  do
    {
      P->changed = FALSE;
      for (guint i = 0; i < P->cons->len; i++)
        {
          Cons c = g_array_index (P->cons, Cons, i);
          apply (P, &c);
        }
      if (P->unknown_calls)
        externals (P);
      spread_taint (P);
    }
  while (P->changed);
}

RfCPoints *
rf_c_points_analyse (const RfCUnit *unit, RfCTypes *ty, const RfCPointsOptions *opts)
{
  g_return_val_if_fail (unit != NULL && ty != NULL, NULL);
  RfCPoints *P = g_new0 (RfCPoints, 1);
  P->unit = unit;
  P->ty = ty;
  if (opts)
    P->opts = *opts;
  P->funcs = g_hash_table_new (g_str_hash, g_str_equal);
  P->objs = g_ptr_array_new_with_free_func ((GDestroyNotify) obj_free);
  P->own_objects = !P->opts.objects;
  P->objects = P->opts.objects ? P->opts.objects : rf_c_objects_new (ty);
  P->nodes = g_ptr_array_new_with_free_func ((GDestroyNotify) node_free);
  P->cons = g_array_new (FALSE, FALSE, sizeof (Cons));
  P->calls = g_ptr_array_new_with_free_func ((GDestroyNotify) call_free);
  P->val_of = g_hash_table_new (NULL, NULL);
  P->addr_of = g_hash_table_new (NULL, NULL);
  P->ret_of = g_hash_table_new (NULL, NULL);
  P->empty = node_new (P);
  P->unknown = node_new (P);
  node_at (P, P->unknown)->unknown = TRUE;
  P->mem = node_new (P);
  P->specific = node_new (P);

  P->decls = c_unit_decls (unit);
  for (guint i = 0; i < P->decls->len; i++)
    {
      CDecl *d = g_ptr_array_index (P->decls, i);
      if (d->kind == C_DECL_FUNC && d->body && d->name && !g_hash_table_contains (P->funcs, d->name))
        g_hash_table_insert (P->funcs, (gpointer) d->name, d);
    }
  for (guint i = 0; i < P->decls->len; i++)
    {
      CDecl *d = g_ptr_array_index (P->decls, i);
      P->fn = NULL;
      if (d->kind == C_DECL_FUNC && d->body)
        {
          P->fn = d;
          stmt (P, d->body);
        }
      else
        decl (P, d);
    }
  P->fn = NULL;
  /* a global only declared here is defined (and initialised) by code the analysis
   * does not see */
  g_autoptr (GHashTable) defined = g_hash_table_new (g_str_hash, g_str_equal);
  for (guint pass = 0; pass < 2; pass++)
    for (guint i = 0; i < P->decls->len; i++)
      {
        CDecl *d = g_ptr_array_index (P->decls, i);
        if (d->kind != C_DECL_VAR || !d->file_scope || !d->name || d->storage == C_STORAGE_TYPEDEF)
          continue;
        if (pass == 0 && (d->storage != C_STORAGE_EXTERN || d->init))
          g_hash_table_add (defined, (gpointer) d->name);
        else if (pass == 1 && !g_hash_table_contains (defined, d->name))
          {
            Obj *o = obj_at (P, obj_var (P, d, NULL));
            o->smashed = o->addr_taken = TRUE;
          }
      }
  /* functions called from outside: their parameters point anywhere; but main's
   * argv and envp point to the program's arguments: an array of pointers to
   * strings, memory of the C runtime that no program object shares */
  for (guint i = 0; P->opts.started && i < P->opts.started->len; i++)
    {
      CDecl *fn = g_ptr_array_index (P->opts.started, i);
      for (guint j = 0; fn->params && j < fn->params->len; j++)
        {
          CDecl *pd = g_ptr_array_index (fn->params, j);
          CType *pt = strip (P, rf_c_type_of_decl (P->ty, pd));
          if (fn->name && strcmp (fn->name, "main") == 0 && j >= 1 && j <= 2 && pt
              && (pt->kind == C_TYPE_POINTER || pt->kind == C_TYPE_ARRAY) && strip (P, pt->base)
              && strip (P, pt->base)->kind == C_TYPE_POINTER)
            {
              gconstpointer ka = g_intern_string (RF_C_OBJ_ARGV_ARRAY), ks = g_intern_string (RF_C_OBJ_ARGV_STRINGS);
              RfCObj *oa = rf_c_objects_get (P->objects, RF_C_OBJ_ARGV, ka, pt->base, fn->loc);
              RfCObj *os = rf_c_objects_get (P->objects, RF_C_OBJ_ARGV, ks, strip (P, pt->base)->base, fn->loc);
              guint a = obj_meet (P, oa, g_strdup ("argv[]"));
              guint str = obj_meet (P, os, g_strdup ("argv strings"));
              obj_at (P, a)->addr_taken = obj_at (P, str)->addr_taken = TRUE;
              set_add (P, cell_id (P, a, ""), loc_id (P, str, ""));
              set_add (P, cell_id (P, obj_var (P, pd, fn), ""), loc_id (P, a, ""));
              continue;
            }
          guint o = obj_var (P, g_ptr_array_index (fn->params, j), fn);
          set_unknown (P, cell_id (P, o, ""));
          obj_at (P, o)->smashed = TRUE;
        }
    }
  solve (P);
  return P;
}

/* The objects of node N's set join the shared ones (pushed on TODO). */
static void
share_set (RfCPoints *P, guint n, GArray *todo)
{
  Node *nd = node_at (P, n);
  if (!nd->set)
    return;
  GHashTableIter it;
  gpointer k;
  g_hash_table_iter_init (&it, nd->set);
  while (g_hash_table_iter_next (&it, &k, NULL))
    {
      guint o = loc_at (P, GPOINTER_TO_UINT (k) - 1)->obj->id;
      if (!P->shared[o])
        {
          P->shared[o] = 1;
          g_array_append_val (todo, o);
        }
    }
}

/* Objects other threads may reach: every object but locals and parameters (globals,
 * statics, heap, literals, results), those code without a body was given or whose
 * address became an integer, what pthread_create arguments, arguments in the
 * variadic part of calls (read back by va_arg, which the analysis does not follow),
 * pthread_setspecific and stores through unknown pointers may point to; then all
 * that their cells point to, to a fixpoint. */
static void
compute_shared (RfCPoints *P)
{
  P->shared = g_new0 (guint8, P->objs->len + 1);
  g_autoptr (GArray) todo = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint o = 0; o < P->objs->len; o++)
    {
      Obj *ob = obj_at (P, o);
      gboolean local = ob->o->kind == RF_C_OBJ_VAR && ob->o->fn && ob->o->decl && !c_is_static_object (ob->o->decl);
      if ((!local && ob->o->kind != RF_C_OBJ_FUNC) || ob->tainted || ob->exposed)
        {
          P->shared[o] = 1;
          g_array_append_val (todo, o);
        }
    }
  share_set (P, P->mem, todo);
  share_set (P, P->specific, todo);
  for (guint i = 0; i < P->calls->len; i++)
    {
      Call *k = g_ptr_array_index (P->calls, i);
      if (k->create)
        {
          for (guint j = 0; j < k->vals->len; j++)
            share_set (P, g_array_index (k->vals, guint, j), todo);
          continue;
        }
      GHashTableIter it;
      gpointer def;
      g_hash_table_iter_init (&it, k->bound);
      while (g_hash_table_iter_next (&it, &def, NULL))
        for (guint j = ((CDecl *) def)->params ? ((CDecl *) def)->params->len : 0; j < k->vals->len; j++)
          share_set (P, g_array_index (k->vals, guint, j), todo);
    }
  while (todo->len > 0)
    {
      guint o = g_array_index (todo, guint, todo->len - 1);
      g_array_set_size (todo, todo->len - 1);
      Obj *ob = obj_at (P, o);
      for (guint c = 0; c < ob->cells->len; c++)
        share_set (P, g_array_index (ob->cells, guint, c), todo);
    }
}

gboolean
rf_c_points_local_shared (RfCPoints *P, CDecl *d)
{
  RfCObj *o = rf_c_objects_find (P->objects, RF_C_OBJ_VAR, rf_c_objects_var_key (d));
  if (!o || !obj_peek (P, o->id))
    return TRUE;
  if (!P->shared)
    compute_shared (P);
  return P->shared[o->id] != 0;
}

void
rf_c_points_free (RfCPoints *P)
{
  if (!P)
    return;
  g_free (P->shared);
  g_ptr_array_unref (P->decls);
  g_hash_table_unref (P->funcs);
  g_ptr_array_unref (P->objs);
  if (P->own_objects)
    rf_c_objects_free (P->objects);
  g_ptr_array_unref (P->nodes);
  g_array_unref (P->cons);
  g_ptr_array_unref (P->calls);
  g_hash_table_unref (P->val_of);
  g_hash_table_unref (P->addr_of);
  g_hash_table_unref (P->ret_of);
  g_free (P);
}

gboolean
rf_c_points_lookup (RfCPoints *P, CExpr *e, CType *want, GPtrArray *out)
{
  g_return_val_if_fail (P != NULL && out != NULL, FALSE);
  gpointer m = e ? g_hash_table_lookup (P->val_of, e) : NULL;
  if (!m || node_at (P, GPOINTER_TO_UINT (m) - 1)->unknown)
    return FALSE;
  g_autoptr (GArray) ls = sorted_locs (P, GPOINTER_TO_UINT (m) - 1);
  g_autoptr (GArray) vs = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < ls->len; i++)
    view (P, g_array_index (ls, guint, i), want, vs);
  g_autoptr (GHashTable) seen = g_hash_table_new (NULL, NULL);
  for (guint i = 0; i < vs->len; i++)
    if (g_hash_table_add (seen, GUINT_TO_POINTER (g_array_index (vs, guint, i) + 1)))
      g_ptr_array_add (out, (gpointer) loc_at (P, g_array_index (vs, guint, i)));
  return TRUE;
}

gboolean
rf_c_points_has_unknown_calls (RfCPoints *P)
{
  g_return_val_if_fail (P != NULL, FALSE);
  return P->unknown_calls;
}

GPtrArray *
rf_c_points_escaped_functions (RfCPoints *P)
{
  g_return_val_if_fail (P != NULL, NULL);
  GPtrArray *out = g_ptr_array_new ();
  for (guint i = 0; i < P->objs->len; i++)
    {
      Obj *o = obj_at (P, i);
      if (o->o->kind == RF_C_OBJ_FUNC && o->escaped && o->o->decl && o->o->decl->body)
        g_ptr_array_add (out, o->o->decl);
    }
  return out;
}

static int
cmp_str (gconstpointer a, gconstpointer b)
{
  return strcmp (*(const char *const *) a, *(const char *const *) b);
}

char *
rf_c_points_to_string (RfCPoints *P)
{
  g_return_val_if_fail (P != NULL, NULL);
  g_autoptr (GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  for (guint i = 0; i < P->nodes->len; i++)
    {
      Node *n = node_at (P, i);
      gboolean is_mem = i == P->mem;
      if ((n->obj == NO_OBJ && !is_mem) || (!n->unknown && (!n->set || g_hash_table_size (n->set) == 0)))
        continue;
      g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      g_autoptr (GArray) ls = sorted_locs (P, i);
      for (guint j = 0; j < ls->len; j++)
        {
          const RfCLoc *l = loc_at (P, g_array_index (ls, guint, j));
          g_ptr_array_add (names, g_strconcat (obj_at (P, l->obj->id)->name, l->path, NULL));
        }
      g_ptr_array_sort (names, cmp_str);
      if (n->unknown)
        g_ptr_array_insert (names, 0, g_strdup ("?"));
      g_ptr_array_add (names, NULL);
      g_autofree char *set = g_strjoinv (", ", (char **) names->pdata);
      const char *oname = is_mem ? "memory" : obj_at (P, n->obj)->name;
      g_ptr_array_add (lines, g_strdup_printf ("%s%s -> {%s}", oname, is_mem ? "" : n->path, set));
    }
  g_ptr_array_sort (lines, cmp_str);
  GString *out = g_string_new (NULL);
  for (guint i = 0; i < lines->len; i++)
    g_string_append_printf (out, "%s\n", (const char *) g_ptr_array_index (lines, i));
  for (guint i = 0; i < P->objs->len; i++)
    {
      Obj *o = obj_at (P, i);
      if ((o->smashed || o->tainted) && !(o->o->decl && o->o->decl->in_system) && rf_c_type_holds_pointers (P->ty, o->o->type))
        g_string_append_printf (out, "%s: %s\n", o->name, o->tainted ? "tainted" : "smashed");
    }
  return g_string_free (out, FALSE);
}
