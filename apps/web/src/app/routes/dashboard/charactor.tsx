import { PlusOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { dashboardScreens } from '@/config/dashboard-screens';
import { paths } from '@/config/paths';
import { PersonaList } from '@/features/persona/components/persona-list';

/** 我的人设: every saved persona; the default one is what script creation starts from. */
export function Component() {
  const navigate = useNavigate();
  const create = () => navigate(paths.account);
  return (
    <>
      <PageHeader
        title={dashboardScreens.charactor.title}
        subtitle="默认人设会在写脚本时自动带上；可以随时切换、重命名或删除"
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={create}>
            分析新账号
          </Button>
        }
      />
      <PersonaList onCreate={create} />
    </>
  );
}
