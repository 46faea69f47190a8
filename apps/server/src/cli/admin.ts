// `npm run admin -- grant <userId>`: makes a user an admin. There is no way to do this over
// HTTP on purpose: the first admin is created by whoever runs the server.
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { createUserRepository } from '../modules/user/user.repository.ts';
import { createUserService } from '../modules/user/user.service.ts';

const [command, userId] = process.argv.slice(2);
if (command !== 'grant' || !userId) {
  console.error('用法：npm run admin -- grant <userId>');
  process.exit(2);
}

const database = await openDatabase(loadConfig());
try {
  const users = createUserService({ db: database.db, users: createUserRepository() });
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const granted = uuid.test(userId) && (await users.grantAdmin(userId));
  if (!granted) {
    console.error(`找不到用户 ${userId}`);
    process.exitCode = 1;
  } else {
    console.info(`已将用户 ${userId} 设为管理员`);
  }
} finally {
  await database.close();
}
