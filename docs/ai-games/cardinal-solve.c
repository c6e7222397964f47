/* Cardinal on the default 5 x 5 board: does the player to move force a win within D plies?
 *
 * The proof behind docs/ai.md, "Cardinal: the opener wins between two good players". A plain
 * depth-first AND/OR search with a transposition table, written in C because the longest
 * reply to a corner alone takes 584 million positions. It follows games/cardinal/rules.py with
 * the default options: a turn is a placement and, when the pirate is summoned, its square
 * among all crowded squares (ruling K1, interpretation A). It ignores the repetition draw and
 * the 200-ply cap (ruling K8): within 13 plies a line could meet the draw only by going round
 * a circle twice.
 *
 * Build: cc -O2 -o cardinal-solve cardinal-solve.c
 * Input, one position per line: MINE THEIRS PIRATE, the ship masks of the player to move and
 * of the other (bit r * 5 + c for column c = a..e, row r = 1..5, from 0) and the pirate's
 * square (-1 while it waits off the board).
 * Output per line: 1 (a forced win), -1 (a forced loss) or 0 (neither within D plies), the
 * depth that decided it, positions searched. With REPLIES=1 in the environment it prints each
 * move's result instead (the opponent's value after it, searched to D - 1).
 *   echo "0 16 -1" | REPLIES=1 ./cardinal-solve 11     after e1: every reply loses
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

typedef uint32_t u32;
typedef uint64_t u64;

enum { SQUARES = 25, SHIPS = 5, CROWD = 4, MOVES = 400, TT_BITS = 24 };
static u32 KING[SQUARES], ORTH[SQUARES];
typedef struct { u64 key; int8_t depth, value; } Entry;
static Entry *table;
static u64 positions;

static u64 mix(u64 x) {
    x ^= x >> 33; x *= 0xff51afd7ed558ccdULL; x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL; return x ^ (x >> 33);
}

/* Every turn from (mine, theirs, pirate): where the ship went, then the mover's ships, the
 * other's and the pirate after it. */
static int turns(u32 mine, u32 theirs, int pirate, u32 *m, u32 *t, int *p, int *at) {
    u32 blocked = mine | theirs;
    if (pirate >= 0) blocked |= (1u << pirate) | ORTH[pirate];
    int n = 0;
    for (int q = 0; q < SQUARES; q++) {
        if (blocked >> q & 1) continue;
        u32 placed = mine | (1u << q), ships = placed | theirs, crowded = 0;
        for (int x = 0; x < SQUARES; x++)
            if (!(ships >> x & 1) && x != pirate && __builtin_popcount(KING[x] & ships) >= CROWD)
                crowded |= 1u << x;
        if (!(crowded & KING[q])) { at[n] = q; m[n] = placed; t[n] = theirs; p[n++] = pirate; continue; }
        for (int x = 0; x < SQUARES; x++)
            if (crowded >> x & 1) { at[n] = q; m[n] = placed & ~ORTH[x]; t[n] = theirs & ~ORTH[x]; p[n++] = x; }
    }
    return n;
}

static int solve(u32 mine, u32 theirs, int pirate, int depth) {
    if (depth <= 0) return 0;
    positions++;
    u64 key = (u64)mine | (u64)theirs << 25 | (u64)(pirate + 1) << 50;
    Entry *e = &table[mix(key) & ((1ULL << TT_BITS) - 1)];
    if (e->key == key + 1 && (e->value != 0 || e->depth >= depth)) return e->value;
    u32 m[MOVES], t[MOVES];
    int p[MOVES], at[MOVES], n = turns(mine, theirs, pirate, m, t, p, at), value = n ? -1 : 0;
    for (int i = 0; i < n && value != 1; i++)
        if (__builtin_popcount(m[i]) == SHIPS) value = 1;
    for (int i = 0; i < n && value != 1; i++) {
        int reply = depth > 1 ? -solve(t[i], m[i], p[i], depth - 1) : 0;
        if (reply == 1) value = 1;
        else if (reply == 0) value = 0;
    }
    e->key = key + 1; e->depth = depth; e->value = value;
    return value;
}

static int deepening(u32 mine, u32 theirs, int pirate, int most, int *depth) {
    int value = 0;
    for (*depth = 1; *depth <= most; ++*depth)
        if ((value = solve(mine, theirs, pirate, *depth))) return value;
    *depth = most;
    return 0;
}

int main(int argc, char **argv) {
    if (argc != 2) { fprintf(stderr, "usage: cardinal-solve DEPTH < positions\n"); return 2; }
    for (int i = 0; i < SQUARES; i++)
        for (int dc = -1; dc <= 1; dc++)
            for (int dr = -1; dr <= 1; dr++) {
                int c = i % 5 + dc, r = i / 5 + dr;
                if ((!dc && !dr) || c < 0 || c > 4 || r < 0 || r > 4) continue;
                KING[i] |= 1u << (r * 5 + c);
                if (!dc || !dr) ORTH[i] |= 1u << (r * 5 + c);
            }
    table = calloc(1ULL << TT_BITS, sizeof(Entry));
    int most = atoi(argv[1]), depth;
    unsigned mine, theirs;
    int pirate;
    while (scanf("%u %u %d", &mine, &theirs, &pirate) == 3) {
        positions = 0;
        if (!getenv("REPLIES")) {
            int value = deepening(mine, theirs, pirate, most, &depth);
            printf("%d %d %llu\n", value, depth, (unsigned long long)positions);
        } else {
            u32 m[MOVES], t[MOVES];
            int p[MOVES], at[MOVES], n = turns(mine, theirs, pirate, m, t, p, at);
            for (int i = 0; i < n; i++) {
                int q = at[i];
                int won = __builtin_popcount(m[i]) == SHIPS;
                int value = won ? 1 : -deepening(t[i], m[i], p[i], most - 1, &depth);
                printf("%c%d", 'a' + q % 5, q / 5 + 1);
                if (p[i] != pirate) printf(" pirate %c%d", 'a' + p[i] % 5, p[i] / 5 + 1);
                if (value) printf(": %s in %d plies\n", value > 0 ? "wins" : "loses", won ? 1 : depth + 1);
                else printf(": open after %d plies\n", depth + 1);
            }
        }
        fflush(stdout);
    }
    return 0;
}
