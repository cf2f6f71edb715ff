/* rf-c-points-private: the points-to analysis' state, shared by its files
 * (rf-c-points.c solves and answers, rf-c-points-gen.c states the constraints,
 * rf-c-points-uninit.c finds the locals read before they are assigned). */
#pragma once

#include "rf-c-points.h"
#include "rf-c-libc.h"
#include "rf-c-tree.h"
#include "rf-c-object.h"

G_BEGIN_DECLS

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

/* Cons: one constraint of kind KIND between nodes DST and SRC. */
typedef struct {
  ConsKind kind;
  guint dst, src;
  CType *type;
  gconstpointer x;
} Cons;

/* Call: one call whose targets are resolved while solving. fnode: the callee's
 * node; vals: node of each argument's value; addrs: each struct argument's location
 * node (NO_OBJ for the others); rval/raddr: the result's value and (struct) location
 * nodes; create: a pthread_create start routine (one argument, no result);
 * called_back: a function argument a library function with a hidden state calls
 * back (ftw's), its arguments pointing into that state (no call expression of its
 * own: a library function as the target gets nothing); bound:
 * CDecl* targets bound already; unknown_done: bound to unknown code already;
 * in_system: in a function of a system header (its unknown calls are not counted,
 * as the lowering's pre-pass does not count them). */
typedef struct {
  CExpr *call;
  guint fnode;
  GArray *vals, *addrs;
  guint rval, raddr;
  gboolean create, called_back;
  GHashTable *bound;
  gboolean unknown_done;
  gboolean in_system;
} Call;

/* RfCPoints: one analysis. Node ids index nodes, object ids the objects table (objs
 * holds the analysis' state of those it met). unknown, empty, mem, specific: fixed
 * nodes: any value, no value, what stores through unknown pointers wrote, the values
 * given to pthread_setspecific. Invariant after solving: applying any constraint adds
 * nothing. */
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
  GHashTable *indeterminate; /* local pointer CDecl* declared without an initializer that
                              * may be read before it is assigned (pts_find_indeterminate):
                              * its value may be anything */
  guint unknown, empty, mem;
  guint specific;           /* every value given to pthread_setspecific */
  guint8 *shared;           /* per object: other threads may reach it (see
                             * rf_c_points_local_shared), NULL until asked */
  CDecl *fn;              /* while walking: the function */
  gboolean unknown_calls, externals_done, changed;
};

static inline CType *
strip (RfCPoints *P, CType *t)
{
  return rf_c_type_strip (P->ty, t);
}

static inline CType *
type_of (RfCPoints *P, CExpr *e)
{
  return rf_c_type_of (P->ty, e);
}

static inline gboolean
is_kind (RfCPoints *P, CType *t, CTypeKind k)
{
  t = strip (P, t);
  return t && t->kind == k;
}

static inline gboolean
is_aggregate (RfCPoints *P, CType *t)
{
  t = strip (P, t);
  return t && (t->kind == C_TYPE_STRUCT || t->kind == C_TYPE_UNION);
}

/* A value of type T may be a pointer: a pointer, an array or a function (they decay),
 * or unknown. */
static inline gboolean
pointer_valued (RfCPoints *P, CType *t)
{
  t = strip (P, t);
  return !t || t->kind == C_TYPE_POINTER || t->kind == C_TYPE_ARRAY || t->kind == C_TYPE_FUNCTION
         || t->kind == C_TYPE_AUTO;
}

/* ---- functions one file defines and others call, by file (documented at their
 * definitions) ---- */

/* rf-c-points.c */
Obj *pts_obj_at (RfCPoints *P, guint id);
guint pts_node_new (RfCPoints *P);
guint pts_obj_var (RfCPoints *P, CDecl *d, CDecl *fn);
CDecl *pts_func_def (RfCPoints *P, const char *name);
guint pts_obj_func (RfCPoints *P, CDecl *d);
guint pts_obj_literal (RfCPoints *P, CExpr *e);
guint pts_obj_strings (RfCPoints *P);
guint pts_obj_state (RfCPoints *P, const char *name);
guint pts_obj_heap (RfCPoints *P, CExpr *e);
guint pts_obj_result (RfCPoints *P, CDecl *def);
char *pts_normal_path (RfCPoints *P, Obj *o, const char *path, gboolean cell, CType **type);
guint pts_loc_id (RfCPoints *P, guint obj, const char *path);
guint pts_cell_id (RfCPoints *P, guint obj, const char *path);
void pts_set_add (RfCPoints *P, guint node, guint loc);
void pts_set_unknown (RfCPoints *P, guint node);
void pts_cons_add (RfCPoints *P, ConsKind kind, guint dst, guint src, CType *type, gconstpointer x);
guint pts_node_of_loc (RfCPoints *P, guint obj, const char *path);

/* rf-c-points-uninit.c */
void pts_find_indeterminate (RfCPoints *P, CStmt *body);

/* rf-c-points-gen.c */
void pts_call_free (Call *k);
void pts_bind (RfCPoints *P, Call *k, CDecl *def);
void pts_bind_unknown (RfCPoints *P, Call *k);
void pts_bind_library (RfCPoints *P, Call *k, CDecl *fn);
void pts_decl (RfCPoints *P, CDecl *d);
void pts_stmt (RfCPoints *P, CStmt *s);

G_END_DECLS
