import { createServer } from 'node:http';
import { createVerifier } from 'fast-jwt';
import pg from 'pg';

/**
 * The baseline for the profile benchmark: a bare node:http server that does what
 * GET /api/auth/profile does and nothing else: verify the HS256 token, check that its device
 * session still exists and the user's token version (the app's one auth query, a join on both
 * primary keys: decision 0021), read the profile row, with the same driver (pg) and the same pool
 * size. The token is checked with the same library and options as the app's (fast-jwt,
 * synchronous HMAC), so the ratio measures our stack, not a different token check or query.
 */
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const verify = createVerifier({
  key: Buffer.from(new TextEncoder().encode(process.env.JWT_SECRET)),
  algorithms: ['HS256'],
  allowedIss: 'studycircle',
  requiredClaims: ['iss', 'exp', 'sub'],
});

const server = createServer(async (req, res) => {
  if (req.url === '/health') return res.end('ok');
  try {
    const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const payload = verify(token) as { sub: string; ver: number; sid: string };
    // Named statements, as the app's repository prepares them; the auth query is the app's.
    const auth = await pool.query({
      name: 'bare_auth',
      text: `select u.id, u.name, u.email, u.token_version, u.email_verified_at, s.last_seen_at
               from users u
               join device_sessions s on s.id = $2 and s.user_id = u.id
              where u.id = $1`,
      values: [payload.sub, payload.sid],
    });
    if (auth.rows[0]?.token_version !== payload.ver) throw new Error('stale');
    const { rows } = await pool.query({
      name: 'bare_profile',
      text: 'select * from users where id = $1',
      values: [payload.sub],
    });
    const u = rows[0];
    res.setHeader('content-type', 'application/json');
    res.end(
      JSON.stringify({
        user: {
          id: u.id,
          _id: u.id,
          name: u.name,
          email: u.email,
          phone: u.phone,
          location: u.location,
          bio: u.bio,
          profilePic: u.profile_pic,
          university: u.university,
          major: u.major,
          yearOfStudy: u.year_of_study,
          createdAt: u.created_at.toISOString(),
          emailVerified: u.email_verified_at !== null,
        },
      }),
    );
  } catch {
    res.statusCode = 401;
    res.end('{"message":"unauthorized"}');
  }
});
server.listen(Number(process.env.PORT), '127.0.0.1');
