// `npm run admin -- grant <userId>`: makes a user an admin. The first admin is created here, by
// whoever runs the server (no HTTP call can make one); after that, admins grant the role to
// others in 用户管理 (POST /admin/users/:id/role).
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { createUserRepository } from '../modules/user/user.repository.ts';
import { createUserService } from '../modules/user/user.service.ts';
import { isDevOpenid } from '../providers/login/dev-login.provider.ts';

const [command, userId] = process.argv.slice(2);
if (command !== 'grant' || !userId) {
  console.error('用法：npm run admin -- grant <userId>');
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase(config);
try {
  const repository = createUserRepository();
  const users = createUserService({ db: database.db, users: repository });
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const row = uuid.test(userId) ? await repository.findById(database.db, userId) : undefined;
  if (row && config.NODE_ENV === 'production' && isDevOpenid(row.openid)) {
    // The server would not treat it as an admin anyway (user.service.ts): say so instead of a
    // grant that silently does nothing.
    console.error(
      `用户 ${userId} 是通过模拟登录创建的，任何人输入同一昵称都能登录这个账号，生产环境下不能设为管理员。` +
        '请让管理员通过微信扫码（LOGIN_MODE=mp）登录后再授权。',
    );
    process.exitCode = 1;
  } else if (!row || !(await users.grantAdmin(userId))) {
    console.error(`找不到用户 ${userId}`);
    process.exitCode = 1;
  } else {
    console.info(`已将用户 ${userId} 设为管理员`);
  }
} finally {
  await database.close();
}
